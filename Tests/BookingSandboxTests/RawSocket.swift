import Foundation
import TestSupport

@testable import BookingHTTPServer

/// A raw loopback TCP client for the bytes URLSession never sends, built on
/// the listener's own socket helpers. Blocking: use it through `offThread`.
final class RawSocket: @unchecked Sendable {
    struct Failure: Error {}

    private let fd: Int32
    private var buffer: [UInt8] = []

    init(port: UInt16) throws {
        guard let address = Platform.socketAddress(bytes: [127, 0, 0, 1], port: port) else { throw Failure() }
        fd = Platform.makeStreamSocket(for: address)
        guard fd >= 0 else { throw Failure() }
        if Platform.connect(fd, to: address) != 0 {
            guard Platform.isConnectInProgress(Platform.lastError) else {
                Platform.close(fd)
                throw Failure()
            }
            let ready = Platform.poll(fd, for: .writable, wake: nil, timeoutMilliseconds: 5_000)
            guard ready?.socketReady == true, Platform.pendingError(fd) == 0 else {
                Platform.close(fd)
                throw Failure()
            }
        }
    }

    deinit { Platform.close(fd) }

    /// Sends all of `text`; `false` when the server closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        ConnectionSocket(fd: fd, wakeDescriptor: -1).write(Array(text.utf8), until: .now + .seconds(5))
    }

    /// Reads until the connection closes or `timeout` passes; returns the
    /// bytes and whether it closed.
    func readAll(timeout: Duration = .seconds(10)) -> (text: String, closed: Bool) {
        let socket = ConnectionSocket(fd: fd, wakeDescriptor: -1)
        let deadline = ContinuousClock.now + timeout
        while true {
            guard case .ready = socket.waitReadable(until: deadline, watchingWake: false) else {
                return (String(decoding: buffer, as: UTF8.self), false)
            }
            switch socket.read(appendingTo: &buffer) {
            case .received, .wouldBlock: continue
            case .endOfStream, .failed: return (String(decoding: buffer, as: UTF8.self), true)
            }
        }
    }

    /// Reads until the first response's head and `Content-Length` body are
    /// in; the default only guards against a hang.
    func readResponse(timeout: Duration = Poll.defaultTimeout) -> (status: Int, body: String)? {
        let socket = ConnectionSocket(fd: fd, wakeDescriptor: -1)
        let deadline = ContinuousClock.now + timeout
        while true {
            let text = String(decoding: buffer, as: UTF8.self)
            if let headEnd = text.range(of: "\r\n\r\n") {
                let head = text[..<headEnd.lowerBound]
                let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
                let length =
                    head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                let body = text[headEnd.upperBound...]
                if body.utf8.count >= length { return (status, String(body.prefix(length))) }
            }
            guard case .ready = socket.waitReadable(until: deadline, watchingWake: false) else { return nil }
            switch socket.read(appendingTo: &buffer) {
            case .received, .wouldBlock: continue
            case .endOfStream, .failed: return nil
            }
        }
    }
}

/// Runs blocking socket work on its own thread, off the test's executor.
func offThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
