import BookingAPI
import BookingCore
import BookingHTTPServer
import BookingPrimitives
import Foundation
import Testing

/// The contract has no redirects: a 3xx is a server error, never followed.
/// A followed redirect sends the bearer token to whatever origin the
/// `Location` names (plain http to any host included, which `ServerAddress`
/// refuses), and a redirected payment POST loses its body, whose 4xx then
/// read as "declined".
@Suite struct RedirectTests {
    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectIsNeverFollowedAndTheKeyNeverLeavesForAnotherOrigin(status: Int) async throws {
        let elsewhere = RecordingHandler()
        let second = HTTPListener(handler: elsewhere)
        let secondPort = try second.start()
        let first = HTTPListener(handler: Redirector(status: status, port: secondPort))
        let firstPort = try first.start()
        let api = BookingAPIClient(
            server: try ServerAddress("http://127.0.0.1:\(firstPort)"), apiKey: "sk_test_secret",
            transport: URLSessionTransport(), sleeper: RecordingSleeper())

        let hold = await #expect(throws: APIError.self) {
            try await api.createHold(offer: OfferID("off_1"), quote: QuoteID("quo_1"), key: IdempotencyKey("hold-key"))
        }
        #expect(hold.map(Self.isServerError) == true, "hold: \(String(describing: hold))")

        let payment = await #expect(throws: APIError.self) {
            try await api.createBooking(
                hold: HoldID("hld_1"), paymentToken: PaymentToken("tok_visa"),
                key: IdempotencyKey("pay-key"))
        }
        // Money may have moved before the redirect: the outcome is unknown
        // (look it up by key), never a decline and never a success.
        #expect(payment.map(Self.isUnknownOutcome) == true, "payment after a \(status): \(String(describing: payment))")

        let read = await #expect(throws: APIError.self) { try await api.booking(BookingID("bkg_1")) }
        #expect(read.map(Self.isServerError) == true, "read: \(String(describing: read))")

        #expect(elsewhere.requests.isEmpty, "the other origin received \(elsewhere.requests)")
        #expect(!elsewhere.requests.contains { $0.contains("sk_test_secret") })
        await first.shutdown()
        await second.shutdown()
    }

    private static func isUnknownOutcome(_ error: APIError) -> Bool {
        if case .unknownOutcome = error { return true }
        return false
    }

    /// An error that says the server misbehaved, not a business answer
    /// (declined, sold out...) and not "not found".
    private static func isServerError(_ error: APIError) -> Bool {
        switch error {
        case .final(.unavailable, _), .invalidResponse, .unknownOutcome: return true
        case .final(.notSent, _), .final(.rejected, _), .final(.waitRequested, _), .userFacing, .notFound: return false
        }
    }
}

/// Answers every request with a redirect to the same path on another port.
private struct Redirector: HTTPHandler {
    let status: Int
    let port: UInt16

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Location": "http://127.0.0.1:\(port)\(request.target)"],
            body: Data("moved".utf8))
    }
}

/// Records every request it gets (method, target and every header) and
/// answers as a server that lost the body would: 400.
private final class RecordingHandler: HTTPHandler, Sendable {
    private let seen = Locked<[String]>([])

    var requests: [String] { seen.withLock { $0 } }

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let line =
            "\(request.method) \(request.target) "
            + request.headers.map { "\($0.name): \($0.value)" }.joined(separator: "; ")
        seen.withLock { $0.append(line) }
        return HTTPResponse(
            status: 400, headers: ["Content-Type": "application/json"],
            body: Data(#"{"error":{"code":"VALIDATION_ERROR","message":"body required"}}"#.utf8))
    }
}
