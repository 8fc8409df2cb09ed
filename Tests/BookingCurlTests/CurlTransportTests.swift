import BookingAPI
import BookingCore
import BookingCurl
import BookingHTTPServer
import BookingPrimitives
import Foundation
import TestSupport
import Testing

/// `CurlTransport`, the HTTP a client uses on Linux, against a real
/// `HTTPListener` and a server that misbehaves, over loopback.
@Suite struct CurlTransportTests {
    /// An `HTTPListener` on 127.0.0.1 that records each request and
    /// answers with `answer`.
    private final class Listener: Sendable {
        let listener: HTTPListener
        let port: UInt16
        let seen = Locked<[HTTPRequest]>([])

        init(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
            let seen = seen
            var configuration = HTTPListener.Configuration()
            configuration.host = "127.0.0.1"
            listener = HTTPListener(configuration: configuration, handler: Answering(seen: seen, answer: answer))
            port = try listener.start()
        }

        func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }
    }

    private struct Answering: HTTPHandler {
        let seen: Locked<[HTTPRequest]>
        let answer: @Sendable (HTTPRequest) -> HTTPResponse
        func handle(_ request: HTTPRequest) async -> HTTPResponse {
            seen.withLock { $0.append(request) }
            return answer(request)
        }
    }

    @Test func aPostArrivesWithItsHeadersAndBodyAndItsAnswerComesBack() async throws {
        let server = try Listener { _ in
            HTTPResponse(
                status: 201, headers: ["Content-Type": "application/json", "X-Trace": "t1"], body: Data("{}".utf8))
        }
        let body = Data(#"{"holdId":"hld_1"}"#.utf8)
        let response = try await CurlTransport().send(
            TransportRequest(
                method: "POST", url: server.url("/v1/bookings"),
                headers: ["Idempotency-Key": "key-1", "Content-Type": "application/json"], body: body,
                timeout: .seconds(10)))
        #expect(response.status == 201)
        #expect(response.header("x-trace") == "t1")
        #expect(response.body == Data("{}".utf8))
        let request = try #require(server.seen.withLock { $0.first })
        #expect(request.method == "POST" && request.path == "/v1/bookings")
        #expect(request.headers["idempotency-key"] == "key-1")
        #expect(request.headers["expect"] == nil, "no 100-continue round trip")
        #expect(request.body == body)
        await server.listener.shutdown()
    }

    @Test func aRedirectIsTheAnswerAndIsNotFollowed() async throws {
        let server = try Listener { _ in HTTPResponse(status: 307, headers: ["Location": "/v1/elsewhere"]) }
        let response = try await CurlTransport().send(
            TransportRequest(
                method: "POST", url: server.url("/v1/bookings"), body: Data("{}".utf8), timeout: .seconds(10)))
        #expect(response.status == 307)
        #expect(server.seen.withLock { $0.map(\.path) } == ["/v1/bookings"])
        await server.listener.shutdown()
    }

    @Test func readingStopsOneBytePastTheCapAndSaysSo() async throws {
        let body = Data(repeating: UInt8(ascii: " "), count: 8 * 1_048_576)
        let server = try Listener { _ in HTTPResponse(status: 200, body: body) }
        let capped = try await CurlTransport().send(
            TransportRequest(
                method: "GET", url: server.url("/v1/offers"), timeout: .seconds(30), maximumBodyBytes: 4_096))
        #expect(capped.isOverLimit && capped.status == 200)
        #expect(capped.body.count <= 4_097)
        let whole = try await CurlTransport().send(
            TransportRequest(method: "GET", url: server.url("/v1/offers"), timeout: .seconds(30)))
        #expect(!whole.isOverLimit && whole.body.count == body.count)
        await server.listener.shutdown()
    }

    @Test func anAnnouncedLengthOverTheCapEndsTheExchangeBeforeAnyBody() async throws {
        let server = try ScriptedSocketServer { connection in
            _ = ScriptedSocketServer.readRequest(connection)
            ScriptedSocketServer.write(connection, "HTTP/1.1 200 OK\r\nContent-Length: 100000000\r\n\r\n{")
            _ = ScriptedSocketServer.readToEnd(connection)
        }
        let response = try await CurlTransport().send(
            TransportRequest(
                method: "GET", url: server.url("/v1/offers"), timeout: .seconds(30), maximumBodyBytes: 4_096))
        #expect(response.isOverLimit && response.status == 200 && response.body.isEmpty)
        server.stop()
    }

    @Test func aChunkedBodyIsReadOneBytePastTheCap() async throws {
        let chunk = String(repeating: "x", count: 1_000)
        let server = try ScriptedSocketServer { connection in
            _ = ScriptedSocketServer.readRequest(connection)
            ScriptedSocketServer.write(connection, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
            // Never ends on its own: only the cap stops the reading.
            while true {
                guard ScriptedSocketServer.write(connection, "3e8\r\n\(chunk)\r\n") else { return }
            }
        }
        let response = try await CurlTransport().send(
            TransportRequest(
                method: "GET", url: server.url("/v1/offers"), timeout: .seconds(30), maximumBodyBytes: 4_096))
        #expect(response.isOverLimit)
        #expect(response.body == Data(String(repeating: "x", count: 4_097).utf8))
        server.stop()
    }

    @Test func refusedIsCertainlyNotSent() async throws {
        let server = try ScriptedSocketServer { _ in }
        let url = server.url("/v1/bookings")
        server.stop()
        let error = await #expect(throws: TransportError.self) {
            try await CurlTransport().send(
                TransportRequest(method: "POST", url: url, body: Data(), timeout: .seconds(5)))
        }
        #expect(error?.failure == .cannotConnect)
    }

    @Test func aConnectionClosedAfterTheRequestMayHaveArrived() async throws {
        let server = try ScriptedSocketServer { connection in _ = ScriptedSocketServer.readRequest(connection) }
        let error = await #expect(throws: TransportError.self) {
            try await CurlTransport().send(
                TransportRequest(
                    method: "POST", url: server.url("/v1/bookings"), body: Data("{}".utf8), timeout: .seconds(5)))
        }
        #expect(error?.failure == .connectionLost)
        #expect(error?.failure.requestCertainlyNotSent == false)
        #expect(server.connections == 1, "no hidden resend")
        server.stop()
    }

    @Test func anAnswerThatIsNotHTTPMayHaveArrived() async throws {
        let server = try ScriptedSocketServer { connection in
            _ = ScriptedSocketServer.readRequest(connection)
            ScriptedSocketServer.write(connection, "hello\r\n\r\n")
        }
        let error = await #expect(throws: TransportError.self) {
            try await CurlTransport().send(
                TransportRequest(
                    method: "POST", url: server.url("/v1/bookings"), body: Data("{}".utf8), timeout: .seconds(5)))
        }
        #expect(error?.failure == .connectionLost)
        server.stop()
    }

    @Test func noAnswerInTimeIsATimeout() async throws {
        let server = try ScriptedSocketServer { connection in
            _ = ScriptedSocketServer.readRequest(connection)
            _ = ScriptedSocketServer.readRequest(connection)  // until the client gives up
        }
        // The server never answers and never closes: without the timeout
        // this call would not end.
        let error = await #expect(throws: TransportError.self) {
            try await CurlTransport().send(
                TransportRequest(method: "GET", url: server.url("/v1/holds/h"), timeout: .milliseconds(300)))
        }
        #expect(error?.failure == .timedOut)
        server.stop()
    }

    @Test func aCancelledCallEndsItsExchangeAtOnce() async throws {
        let server = try ScriptedSocketServer { connection in
            _ = ScriptedSocketServer.readRequest(connection)
            _ = ScriptedSocketServer.readRequest(connection)
        }
        let call = Task {
            try await CurlTransport().send(
                TransportRequest(method: "GET", url: server.url("/v1/holds/h"), timeout: .seconds(60)))
        }
        await Poll.until { server.connections == 1 }
        call.cancel()
        // Ended by the cancel, not by the 60 s timeout (which says "timed out").
        let result = await call.result
        #expect(throws: TransportError(.connectionLost, "cancelled")) { try result.get() }
        server.stop()
    }

    private static let keepAliveAnswer = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"

    @Test func requestsShareAKeptConnection() async throws {
        let server = try ScriptedSocketServer { connection in
            while !ScriptedSocketServer.readRequest(connection).isEmpty {
                ScriptedSocketServer.write(connection, Self.keepAliveAnswer)
            }
        }
        let transport = CurlTransport()
        for method in ["POST", "GET", "POST"] {
            let response = try await transport.send(
                TransportRequest(
                    method: method, url: server.url("/v1/x"), body: method == "GET" ? nil : Data("{}".utf8),
                    timeout: .seconds(5)))
            #expect(response.status == 200 && response.body == Data("{}".utf8))
        }
        #expect(server.connections == 1)
        server.stop()
    }

    /// libcurl re-sends a request whose reused connection closed without an
    /// answer: for a payment, a hidden second charge attempt.
    @Test func aPostWhoseKeptConnectionClosesIsLostAndNeverSentAgain() async throws {
        let requests = Locked<[String]>([])
        let finished = Locked(0)
        let server = try ScriptedSocketServer { connection in
            defer { finished.withLock { $0 += 1 } }
            let first = ScriptedSocketServer.readRequest(connection)
            requests.withLock { $0.append(first) }
            guard first.contains("/v1/holds") else {
                // Any later connection: what it carried, to its end.
                requests.withLock { $0.append(first + ScriptedSocketServer.readToEnd(connection)) }
                return
            }
            ScriptedSocketServer.write(connection, Self.keepAliveAnswer)
            let second = ScriptedSocketServer.readRequest(connection)
            requests.withLock { $0.append(second) }
            // Closes without an answer: the payment may have been taken.
        }
        let transport = CurlTransport()
        let body = Data(#"{"holdId":"hld_1","paymentToken":"tok_visa"}"#.utf8)
        let first = try await transport.send(
            TransportRequest(method: "POST", url: server.url("/v1/holds"), body: body, timeout: .seconds(5)))
        #expect(first.status == 200)
        let error = await #expect(throws: TransportError.self) {
            try await transport.send(
                TransportRequest(method: "POST", url: server.url("/v1/bookings"), body: body, timeout: .seconds(5)))
        }
        #expect(error?.failure == .connectionLost)
        #expect(await Poll.until { finished.withLock { $0 } == server.connections })
        let payments = requests.withLock { $0 }.filter { $0.contains("POST /v1/bookings") }
        #expect(payments.count == 1, "sent once, never again on a new connection: \(requests.withLock { $0 })")
        server.stop()
    }

    @Test func aPostWithNoBodyGoesOnAConnectionOfItsOwn() async throws {
        let server = try ScriptedSocketServer { connection in
            while !ScriptedSocketServer.readRequest(connection).isEmpty {
                ScriptedSocketServer.write(connection, Self.keepAliveAnswer)
            }
        }
        let transport = CurlTransport()
        for _ in 0..<2 {
            let response = try await transport.send(
                TransportRequest(method: "POST", url: server.url("/v1/holds/h/release"), timeout: .seconds(5)))
            #expect(response.status == 200)
        }
        #expect(server.connections == 2)
        server.stop()
    }
}
