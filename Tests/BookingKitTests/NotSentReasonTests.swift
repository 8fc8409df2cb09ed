import BookingKit
import Foundation
import TestSupport
import Testing

/// A request that never left is said by why (issue 37): a certificate the
/// client refuses and a name with no address are their own errors, which
/// an app can tell from the network being down; only that is
/// `serverUnreachable`. The transport's words are kept.
@Suite struct NotSentReasonTests {
    /// A transport whose every request fails with `error`, before it leaves.
    private struct Failing: Transport {
        let error: TransportError

        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            throw error
        }
    }

    private static let tls = TransportError(
        .tlsFailure, "the server's certificate is not trusted for api.example.com: unable to get local issuer")
    private static let dns = TransportError(.dnsFailure, "no address for api.example.com: Could not resolve host")
    private static let offline = TransportError(.notConnected, "Network is unreachable")

    @Test(
        arguments: [
            (tls, BookingClientError.secureConnectionRefused(reason: "\(tls)")),
            (dns, BookingClientError.noAddress(reason: "\(dns)")),
            (offline, BookingClientError.serverUnreachable(reason: "\(offline)")),
        ])
    func aRequestThatNeverLeftIsNamedByWhy(failure: TransportError, expected: BookingClientError) async throws {
        let directory = TemporaryDirectory("not-sent-reason")
        let client = try BookingClient(
            BookingClient.Configuration(
                server: "https://api.example.com", credential: .apiKey("sk_test_test"),
                dataDirectory: URL(fileURLWithPath: directory.path), transport: Failing(error: failure)))
        await #expect(throws: expected) { try await client.syncTrips() }
        client.close()
    }
}
