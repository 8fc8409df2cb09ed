import Foundation
import TestSupport

@testable import BookingHTTPServer

/// A raw loopback TCP client for the bytes URLSession would never send.
/// Blocking (with deadlines): call it from ``offPool(_:)``. One thread at a
/// time.
final class RawConnection: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A response as read off the wire.
    struct Response: Sendable {
        var status: Int
        /// Header fields, names lowercased.
        var headers: [String: String]
        var body: Data

        /// The `error.code` of a JSON error body.
        var errorCode: String? {
            let object = try? JSONSerialization.jsonObject(with: body) as? [String: [String: String]]
            return object?["error"]?["code"]
        }
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    /// Connects to 127.0.0.1:`port`.
    init(port: UInt16, timeout: Duration = .seconds(5)) throws {
        guard let address = Platform.socketAddress(bytes: [127, 0, 0, 1], port: port) else {
            throw Failure(description: "address")
        }
        fd = Platform.makeStreamSocket(for: address)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(Platform.lastError)") }
        if Platform.connect(fd, to: address) != 0 {
            let code = Platform.lastError
            guard Platform.isConnectInProgress(code) else {
                // `closed` first: a class whose init throws after every
                // property is set still runs `deinit`, which would close the
                // number again (by then maybe another thread's descriptor).
                closed = true
                Platform.close(fd)
                throw Failure(description: "connect: errno \(code)")
            }
            let ready = Platform.poll(
                fd, for: .writable, wake: nil,
                timeoutMilliseconds: ConnectionSocket.milliseconds(until: .now + timeout))
            let pending = Platform.pendingError(fd)
            guard ready?.socketReady == true, pending == 0 else {
                closed = true
                Platform.close(fd)
                throw Failure(description: "connect: errno \(pending)")
            }
        }
    }

    deinit {
        if !closed { Platform.close(fd) }
    }

    /// Closes the socket.
    func close() {
        guard !closed else { return }
        closed = true
        Platform.close(fd)
    }

    /// Sends all of `text`.
    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Sends all of `bytes`.
    func send(_ bytes: [UInt8]) throws {
        let socket = ConnectionSocket(fd: fd, wakeDescriptor: -1)
        guard socket.write(bytes, until: .now + .seconds(5)) else { throw Failure(description: "send failed") }
    }

    /// Reads until one more byte arrives; `false` at end of stream, on a
    /// reset or at the deadline.
    private func fill(until deadline: ContinuousClock.Instant) -> Bool {
        let socket = ConnectionSocket(fd: fd, wakeDescriptor: -1)
        while true {
            guard case .ready = socket.waitReadable(until: deadline, watchingWake: false) else { return false }
            switch socket.read(appendingTo: &buffer) {
            case .received: return true
            case .wouldBlock: continue
            case .endOfStream, .failed: return false
            }
        }
    }

    /// Reads one response; `nil` when the connection ends (or the timeout
    /// passes) before a whole one arrived. The default only guards against
    /// a hang: a loaded machine may take tens of seconds to answer.
    /// The answer to a HEAD request has no body whatever its length says.
    func readResponse(isHead: Bool = false, timeout: Duration = Poll.defaultTimeout) -> Response? {
        let deadline = ContinuousClock.now + timeout
        let terminator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while true {
            if let end = headEnd ?? Self.find(terminator, in: buffer) {
                headEnd = end
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                }
                if status == 100 {
                    buffer.removeFirst(end + 4)
                    headEnd = nil
                    continue
                }
                let length = isHead ? 0 : Int(headers["content-length"] ?? "0") ?? 0
                if buffer.count >= end + 4 + length {
                    let body = Data(buffer[(end + 4)..<(end + 4 + length)])
                    buffer.removeFirst(end + 4 + length)
                    return Response(status: status, headers: headers, body: body)
                }
            }
            guard fill(until: deadline) else { return nil }
        }
    }

    /// Reads exactly `count` bytes, or what came before the end of the
    /// stream or the deadline.
    func readRaw(count: Int, timeout: Duration = Poll.defaultTimeout) -> [UInt8] {
        let deadline = ContinuousClock.now + timeout
        while buffer.count < count && fill(until: deadline) {}
        let taken = Array(buffer.prefix(count))
        buffer.removeFirst(taken.count)
        return taken
    }

    /// Waits for the end of the stream; returns the bytes that came before
    /// it, or `nil` if the connection is still open at the deadline. The
    /// default stays under the listener's default idle timeout (30 s), which
    /// would close a connection the server forgot to close and hide it.
    func readToEnd(timeout: Duration = .seconds(20)) -> [UInt8]? {
        let deadline = ContinuousClock.now + timeout
        while fill(until: deadline) {}
        guard ContinuousClock.now < deadline else { return nil }
        defer { buffer.removeAll() }
        return buffer
    }

    /// A new connection to `port` that sends `request`, reads one response
    /// and then everything until the server closes (see ``readToEnd(timeout:)``).
    static func exchange(port: UInt16, _ request: String) throws -> (response: Response?, rest: [UInt8]?) {
        let connection = try RawConnection(port: port)
        try connection.send(request)
        let response = connection.readResponse()
        return (response, connection.readToEnd())
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first {
            haystack[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }
}
