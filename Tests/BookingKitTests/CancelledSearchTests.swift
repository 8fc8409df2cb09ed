import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 38, item 10: a search whose task is cancelled (the next keystroke's
/// search supersedes it, the screen closes) ends `.cancelled`, never
/// `.search(.offlineWithoutCache)`: a typing user was told they were
/// offline. The real sandbox over loopback, slowed so the request is on the
/// wire when the task is cancelled; the client's own default transport.
@Suite struct CancelledSearchTests {
    @Test func aCancelledSearchIsCancelledNotOffline() async throws {
        let sandbox = try SandboxFixture(route: .loopback, faultRates: [.delay(milliseconds: 5_000): 1])
        let directory = TemporaryDirectory("cancelled-search")
        let client = try BookingClient(
            BookingClient.Configuration(
                server: sandbox.server.baseURL.absoluteString, credential: .apiKey("sk_test_test"),
                dataDirectory: URL(fileURLWithPath: directory.path)))
        let search = Task {
            try await client.offers(
                at: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!,
                guests: 2, refresh: true)
        }
        search.cancel()
        // Had it waited for the slow server's answer, it would have returned
        // the page: the error alone says it did not.
        await #expect(throws: BookingClientError.cancelled) { _ = try await search.value }
        client.close()
        await sandbox.stop()
    }
}
