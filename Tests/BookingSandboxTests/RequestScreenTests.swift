import BookingHTTPServer
import Foundation
import Testing

@testable import BookingSandbox

/// What the sandbox's socket refuses before its handler runs (issue 23,
/// item 8): an absolute-form target naming another host (421, with its
/// reason phrase), an HTTP/1.0 request with no `Host`, and a repeated
/// `Origin`, `Authorization` or `Idempotency-Key` (400). Each was answered
/// before, the first of a repeated field taken. Real sockets on loopback.
@Suite struct RequestScreenTests {
    static let auth = "Authorization: Bearer sk_test_screen\r\n"

    /// One request on a new connection (closed after the answer); the answer's text.
    static func send(_ port: UInt16, _ head: String) async throws -> String {
        try await RawHTTPTests.exchange(port, head + "Connection: close\r\n\r\n").text
    }

    /// `answer` is the refusal `status` with the error `code`, and the
    /// handler never ran (no suggestion in it).
    static func expectRefused(
        _ answer: String, _ status: String, code: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(answer.hasPrefix("HTTP/1.1 \(status)\r\n"), "\(answer)", sourceLocation: sourceLocation)
        #expect(answer.contains("\"code\":\"\(code)\""), "\(answer)", sourceLocation: sourceLocation)
        #expect(!answer.contains("plc_london"), sourceLocation: sourceLocation)
    }

    @Test func anAbsoluteFormTargetNamingAnotherHostIsMisdirectedAndALoopbackOneIsServed() async throws {
        try await withSandbox(.loopback) { sandbox in
            let port = sandbox.server!.port
            let foreign = try await Self.send(
                port, "GET http://bank.example/v1/places/suggest?q=lon HTTP/1.1\r\nHost: 127.0.0.1\r\n\(Self.auth)")
            Self.expectRefused(foreign, "421 Misdirected Request", code: "MISDIRECTED_REQUEST")
            let own = try await Self.send(
                port, "GET http://127.0.0.1:\(port)/v1/places/suggest?q=lon HTTP/1.1\r\nHost: x\r\n\(Self.auth)")
            #expect(own.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(own)")
            #expect(own.contains("plc_london"))
        }
    }

    @Test func anHTTP10RequestWithNoHostIsRefused() async throws {
        try await withSandbox(.loopback) { sandbox in
            let port = sandbox.server!.port
            let bare = try await Self.send(port, "GET /v1/places/suggest?q=lon HTTP/1.0\r\n\(Self.auth)")
            #expect(bare.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(bare)")
            #expect(!bare.contains("plc_london"))
            let named = try await Self.send(
                port, "GET /v1/places/suggest?q=lon HTTP/1.0\r\nHost: localhost\r\n\(Self.auth)")
            #expect(named.hasPrefix("HTTP/1.1 200"), "\(named)")
        }
    }

    @Test(arguments: [
        "Origin: http://127.0.0.1\r\nOrigin: http://evil.example\r\n",
        "Authorization: Bearer sk_test_other\r\n",
        "Idempotency-Key: k1\r\nidempotency-key: k2\r\n",
    ])
    func aRepeatedOriginAuthorizationOrIdempotencyKeyIsRefused(fields: String) async throws {
        try await withSandbox(.loopback) { sandbox in
            let port = sandbox.server!.port
            let answer = try await Self.send(
                port, "GET /v1/places/suggest?q=lon HTTP/1.1\r\nHost: 127.0.0.1\r\n\(Self.auth)\(fields)")
            Self.expectRefused(answer, "400 Bad Request", code: "DUPLICATE_HEADER")
        }
    }

    @Test func thePagesWrongHostAnswerHasItsReasonPhrase() async throws {
        try await withSandbox(.loopback) { sandbox in
            let answer = try await Self.send(sandbox.server!.port, "GET / HTTP/1.1\r\nHost: evil.example\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 421 Misdirected Request\r\n"), "\(answer)")
        }
    }
}
