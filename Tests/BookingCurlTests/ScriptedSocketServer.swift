import BookingPrimitives
import Foundation

/// A TCP server on 127.0.0.1 that does what no HTTP server would: each
/// connection is handed to `script` with its descriptor, on a thread of its
/// own (read the request and close, never answer, answer with garbage).
final class ScriptedSocketServer: Sendable {
    /// The port it listens on.
    let port: UInt16
    private let listening: Int32
    private let accepted = Locked(0)

    /// Listens, and runs `script` on every connection it accepts.
    init(_ script: @escaping @Sendable (Int32) -> Void) throws {
        let socketDescriptor = socket(AF_INET, Platform.streamSocket, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, length) }
        }
        guard socketDescriptor >= 0, bound == 0, listen(socketDescriptor, 16) == 0 else {
            throw CocoaError(.fileReadUnknown)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketDescriptor, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listening = socketDescriptor
        let accepted = accepted
        Thread.detachNewThread {
            while true {
                let connection = accept(socketDescriptor, nil, nil)
                guard connection >= 0 else { return }
                Platform.prepare(connection)
                accepted.withLock { $0 += 1 }
                Thread.detachNewThread {
                    script(connection)
                    close(connection)
                }
            }
        }
    }

    /// How many connections it has accepted.
    var connections: Int { accepted.withLock { $0 } }

    /// The URL of `path` on this server.
    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Stops accepting.
    func stop() {
        shutdown(listening, Platform.bothDirections)
        close(listening)
    }

    /// Reads until the end of a request's head (and what came with it).
    static func readRequest(_ connection: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while !String(decoding: bytes, as: UTF8.self).contains("\r\n\r\n") {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads until the other side closes.
    static func readToEnd(_ connection: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return String(decoding: bytes, as: UTF8.self) }
            bytes += buffer[0..<count]
        }
    }

    /// Writes `text`; false once the other side has gone.
    @discardableResult
    static func write(_ connection: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Platform.noSignal) } == bytes.count
    }
}
