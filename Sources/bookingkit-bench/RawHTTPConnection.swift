import Foundation

/// The end-to-end baseline's HTTP: one keep-alive TCP connection to
/// 127.0.0.1, requests written whole with `write`, answers read with `read`
/// up to their `Content-Length`. No parsing beyond the status line and that
/// one header: what a careful C program would do, so the baseline measures
/// the exchange and nothing of ours.
final class RawHTTPConnection {
    private let descriptor: Int32
    private let host: String
    private var buffer: [UInt8] = []

    /// Connects to `127.0.0.1:port`.
    init(port: UInt16) throws {
        let descriptor = socket(AF_INET, Platform.streamSocket, 0)
        guard descriptor >= 0 else { throw BenchError(description: "raw HTTP: socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw BenchError(description: "raw HTTP: connect to port \(port) failed: errno \(errno)")
        }
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        self.descriptor = descriptor
        host = "127.0.0.1:\(port)"
    }

    deinit {
        close(descriptor)
    }

    /// Sends one request and returns the answer's status and body.
    func send(_ method: String, _ path: String, headers: [(String, String)], body: String? = nil) throws
        -> (status: Int, body: [UInt8])
    {
        let answer = try send(method, path, headers: headers, body: body.map { Array($0.utf8) })
        return (answer.status, answer.body)
    }

    /// Sends one request; the answer's status, header lines and body.
    func send(_ method: String, _ path: String, headers: [(String, String)], body: [UInt8]?) throws
        -> (status: Int, headerLines: [Substring], body: [UInt8])
    {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        let request = Array((head + "\r\n").utf8) + (body ?? [])
        try request.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + sent, bytes.count - sent)
                guard count > 0 else { throw BenchError(description: "raw HTTP: write failed: errno \(errno)") }
                sent += count
            }
        }
        let headerEnd = try readUntilHeaderEnd()
        let header = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        buffer.removeFirst(headerEnd + 4)
        let lines = header.split(separator: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
        else { throw BenchError(description: "raw HTTP: no status line in \(header.prefix(80))") }
        let lengthLine = lines.first { $0.lowercased().hasPrefix("content-length:") }
        let length = lengthLine.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        while buffer.count < length { try fill() }
        let answer = Array(buffer[..<length])
        buffer.removeFirst(length)
        return (status, Array(lines.dropFirst()), answer)
    }

    /// The offset of the blank line that ends the answer's header.
    private func readUntilHeaderEnd() throws -> Int {
        var searched = 0
        while true {
            if buffer.count >= 4 {
                for index in max(0, searched - 3)...(buffer.count - 4)
                where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13
                    && buffer[index + 3] == 10
                {
                    return index
                }
                searched = buffer.count
            }
            try fill()
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { throw BenchError(description: "raw HTTP: the server closed the connection") }
        buffer += chunk[..<count]
    }
}
