import BookingHTTPServer
import BookingPrimitives
import Foundation
import TestSupport
import Testing

@testable import BookingSandbox

/// The bad-input list over real sockets: each gets a 4xx JSON error or a
/// closed connection, and the sandbox keeps serving everyone else.
@Suite struct RawHTTPTests {
    static let auth = "Authorization: Bearer sk_test_raw\r\n"

    /// A normal request still works (the server was not hurt).
    static func stillServes(_ port: UInt16) async throws {
        let answer = try await offThread {
            let socket = try RawSocket(port: port)
            socket.send("GET /v1/places/suggest?q=lon HTTP/1.1\r\nHost: 127.0.0.1\r\n\(auth)\r\n")
            return socket.readResponse()
        }
        #expect(answer?.status == 200)
        #expect(answer?.body.contains("plc_london") == true)
    }

    /// Sends `bytes` on a new connection and reads until it closes, for at
    /// most `timeout`: by default under the listener's idle timeout (30 s),
    /// which would close a connection the server forgot to close.
    static func exchange(_ port: UInt16, _ bytes: String, timeout: Duration = .seconds(20)) async throws
        -> (text: String, closed: Bool)
    {
        try await offThread {
            let socket = try RawSocket(port: port)
            socket.send(bytes)
            return socket.readAll(timeout: timeout)
        }
    }

    @Test func malformedRequestLineIs400() async throws {
        try await withSandbox(.loopback) { sandbox in
            let port = sandbox.server!.port
            let answer = try await Self.exchange(port, "GARBAGE\r\n\r\n")
            #expect(answer.text.hasPrefix("HTTP/1.1 400"))
            #expect(answer.text.contains(#""code":"BAD_REQUEST""#))
            #expect(answer.closed)
            try await Self.stillServes(port)
        }
    }

    @Test func oversizedHeadersAre431() async throws {
        try await withSandbox(.loopback) { sandbox in
            let port = sandbox.server!.port
            let huge = "X-Filler: " + String(repeating: "a", count: 64 * 1024) + "\r\n"
            let answer = try await Self.exchange(
                port, "GET /v1/bookings HTTP/1.1\r\nHost: 127.0.0.1\r\n\(Self.auth)\(huge)\r\n")
            #expect(answer.text.hasPrefix("HTTP/1.1 431") || answer.closed)
            try await Self.stillServes(port)
        }
    }

    @Test func bodyShorterThanContentLengthTimesOut() async throws {
        var listener = HTTPListener.Configuration()
        listener.readTimeout = .milliseconds(500)
        let sandbox = try await Sandbox(.loopback, listener: listener)
        let port = sandbox.server!.port
        // Closed under the default read timeout (10 s), so a listener that
        // ignored the setting fails, with 8.5 s left for a loaded machine.
        let answer = try await Self.exchange(
            port,
            "POST /v1/holds HTTP/1.1\r\nHost: 127.0.0.1\r\n\(Self.auth)Idempotency-Key: short\r\nContent-Length: 50\r\n\r\n{\"offerId\":",
            timeout: .seconds(9))
        #expect(answer.closed)
        #expect(answer.text.isEmpty || answer.text.hasPrefix("HTTP/1.1 408"))
        try await Self.stillServes(port)
        // Nothing was stored under the key.
        let offer = try await sandbox.firstOffer()
        let hold = try await sandbox.send(
            "POST", "/v1/holds",
            json: Sandbox.holdBody(offer),
            key: "short", account: "raw")
        #expect(hold.status == 201)
        #expect(hold.header("Idempotent-Replayed") == nil)
        await sandbox.close()
    }

    @Test func bodyLongerThanContentLengthIsAnsweredThenRejected() async throws {
        try await withSandbox(.loopback) { sandbox in
            let port = sandbox.server!.port
            // The body is `{}` (2 bytes); the rest is read as a next request.
            let answer = try await Self.exchange(
                port,
                "POST /v1/holds HTTP/1.1\r\nHost: 127.0.0.1\r\n\(Self.auth)Idempotency-Key: long\r\nContent-Length: 2\r\n\r\n{}garbage-after-body\r\n\r\n"
            )
            #expect(answer.text.hasPrefix("HTTP/1.1 400"))
            #expect(answer.text.contains(#""code":"VALIDATION_ERROR""#))
            #expect(
                answer.text.contains("HTTP/1.1 400 Bad Request\r\n") && answer.text.contains(#""code":"BAD_REQUEST""#))
            try await Self.stillServes(port)
        }
    }

    @Test func badJSONOverTheWireIs400() async throws {
        try await withSandbox(.loopback) { sandbox in
            let port = sandbox.server!.port
            let body = "{\"holdId\": [1,2,"
            let answer = try await offThread {
                let socket = try RawSocket(port: port)
                socket.send(
                    "POST /v1/bookings HTTP/1.1\r\nHost: 127.0.0.1\r\n\(Self.auth)Idempotency-Key: j\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                )
                return socket.readResponse()
            }
            #expect(answer?.status == 400)
            #expect(answer?.body.contains("INVALID_JSON") == true)
        }
    }

    @Test(.ownQueue) func slowClientIsCutOffAndOthersAreServed() async throws {
        var listener = HTTPListener.Configuration()
        // The slow client dribbles a head that never ends until it is cut
        // off, so the read timeout must count from the request's start (a
        // deadline moved on by each byte would never cut it), and the prompt
        // client is served first however loaded the machine: the read
        // timeout (30 s) only has to outlast its one-packet request (1 s
        // failed at loads over 20, 4 s could fail under a stalled suite).
        listener.readTimeout = .seconds(30)
        let sandbox = try await Sandbox(.loopback, listener: listener)
        let port = sandbox.server!.port
        let connected = Locked(false)
        let otherServed = Locked(false)
        async let slow = offThread { () -> (closed: Bool, otherServedFirst: Bool) in
            let socket = try RawSocket(port: port)
            let start = ContinuousClock.now
            // One byte every 300 ms (the wait for the close between two
            // bytes) for up to 60 s, twice the read timeout.
            var bytes = "GET /v1/bookings HTTP/1.1\r\nX-Slow: \(String(repeating: "a", count: 300))".makeIterator()
            var closed = false
            while !closed, ContinuousClock.now - start < .seconds(60), let byte = bytes.next() {
                closed = !socket.send(String(byte))
                connected.withLock { $0 = true }
                if !closed { closed = socket.readAll(timeout: .milliseconds(300)).closed }
            }
            return (closed, otherServed.withLock { $0 })
        }
        try #require(await Poll.until { connected.withLock { $0 } })
        try await Self.stillServes(port)
        otherServed.withLock { $0 = true }
        let (closed, otherServedFirst) = try await slow
        #expect(closed, "the slow client was not cut off while it kept sending")
        #expect(otherServedFirst, "the prompt client waited for the slow one")
        await sandbox.close()
    }

    @Test func hundredsOfConnectionsAtOnceAreAllServed() async throws {
        try await withSandbox(.loopback) { sandbox in
            let port = sandbox.server!.port
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        try await offThread {
                            let socket = try RawSocket(port: port)
                            socket.send(
                                "GET /v1/places/suggest?q=\(index % 2 == 0 ? "tok" : "par") HTTP/1.1\r\nHost: 127.0.0.1\r\n\(Self.auth)\r\n"
                            )
                            return socket.readResponse()?.status ?? 0
                        }
                    }
                }
                var all: [Int] = []
                for try await status in group { all.append(status) }
                return all
            }
            #expect(statuses.count == 200)
            #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 })
            #expect(statuses.filter { $0 == 200 }.count >= 150)
            try await Self.stillServes(port)
        }
    }
}
