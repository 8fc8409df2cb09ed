import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A sandbox over loopback and a `BookingClient` made the way an app makes
/// one, with the waits of retries skipped.
struct ClientFixture {
    let sandbox: SandboxFixture
    let client: BookingClient

    init(sandbox: SandboxFixture, client: BookingClient) {
        self.sandbox = sandbox
        self.client = client
    }

    init(account: String = "test", launchBound: Duration = .seconds(2), logHandler: any LogHandler = SilentLogHandler())
        throws
    {
        sandbox = try SandboxFixture(route: .loopback)
        client = try Self.client(
            sandbox: sandbox, account: account, launchBound: launchBound, logHandler: logHandler)
    }

    static func configuration(
        sandbox: SandboxFixture, account: String = "test", launchBound: Duration = .seconds(2),
        logHandler: any LogHandler = SilentLogHandler()
    ) -> BookingClient.Configuration {
        BookingClient.Configuration(
            server: sandbox.server.baseURL.absoluteString, credential: .apiKey("sk_test_\(account)"),
            dataDirectory: URL(fileURLWithPath: sandbox.clientDirectory), transport: sandbox.transport,
            logHandler: logHandler, launchBound: launchBound)
    }

    static func client(
        sandbox: SandboxFixture, account: String = "test", launchBound: Duration = .seconds(2),
        logHandler: any LogHandler = SilentLogHandler()
    ) throws -> BookingClient {
        try BookingClient(
            configuration(sandbox: sandbox, account: account, launchBound: launchBound, logHandler: logHandler),
            dependencies: Dependencies(sleeper: NoSleeper()))
    }

    /// The first offer in Lisbon for two nights.
    func firstOffer(refundable: Bool = false) async throws -> Offer {
        let page = try await client.offers(
            at: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!, guests: 2,
            filters: OfferFilters(freeCancellationOnly: refundable))
        return try #require(page.items.first)
    }

    /// Launches the client, holds the first offer and pays with `token`:
    /// the state the payment came to.
    func holdFirstOfferAndPay(with token: String, refundable: Bool = false, bookingAgain: Bool = false)
        async throws -> BookingFlow.State
    {
        await client.launch()
        try await client.hold(try await firstOffer(refundable: refundable), bookingAgain: bookingAgain)
        _ = try await client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        try await client.pay(with: PaymentToken(token), guest: BookingFlow.Samples.guest)
        return try await client.waitUntilAtRest(timeout: Poll.defaultTimeout)
    }

    /// Launches the client, holds the first offer and pays it with a card
    /// that asks for 3-D Secure: the bank's page and the booking waiting on
    /// it (the test stops, with the outcome recorded, when it did not ask).
    func waitingAtTheBanksPage() async throws -> (url: URL, booking: BookingID) {
        await client.launch()
        try await client.hold(try await firstOffer())
        let result = try await client.pay(
            with: PaymentToken("tok_threeDSecureRequired"), guest: BookingFlow.Samples.guest)
        var page: (url: URL, booking: BookingID)?
        if case .needsBankPage(let url, let booking) = result { page = (url, booking) }
        return try #require(page, "the payment did not ask for the bank's page: \(result)")
    }

    /// Answers the bank's page at `url` as a browser would (the form's POST).
    static func answerChallenge(_ url: String, pass: Bool) async throws {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data((pass ? "result=pass" : "result=fail").utf8)
        _ = try await URLSession.shared.data(for: request)
    }
}
