import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 38, item 10, from an app's side (public API only, the real
/// sandbox over loopback): booking works from any screen, the default
/// transport can be wrapped, and the staleness age and the recents
/// threshold are settings.
@Suite struct ClientSettingsTests {
    static let checkIn = CalendarDate("2026-12-01")!
    static let checkOut = CalendarDate("2026-12-03")!

    /// An app's wrapper around the platform's own HTTP: asks the sandbox to
    /// answer every hold "sold out" (`Sandbox-Fault`), which only a header
    /// that reached the server can do.
    struct SoldOutHolds: Transport {
        let base = BookingClient.defaultTransport()

        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            var request = request
            if request.method == "POST", request.url.path == "/v1/holds" {
                request.headers["Sandbox-Fault"] = "sold-out"
            }
            return try await base.send(request)
        }
    }

    private static func client(_ sandbox: SandboxFixture, _ change: (inout BookingClient.Configuration) -> Void)
        throws -> BookingClient
    {
        var configuration = BookingClient.Configuration(
            server: sandbox.server.baseURL.absoluteString, credential: .apiKey("sk_test_test"),
            dataDirectory: URL(fileURLWithPath: sandbox.clientDirectory))
        change(&configuration)
        return try BookingClient(configuration)
    }

    @Test func holdWorksFromTheConfirmedScreenWithoutChoosingFirst() async throws {
        let fixture = try ClientFixture()
        let confirmed = try await fixture.holdFirstOfferAndPay(with: "tok_visa")
        guard case .confirmed = confirmed.stage else {
            Issue.record("the first booking did not confirm: \(confirmed.stage.name)")
            return
        }
        let page = try await fixture.client.offers(
            at: "plc_lisbon", checkIn: Self.checkIn, checkOut: Self.checkOut, guests: 2)
        // README's own call, a second time: no choose() or back() first.
        guard case .held = try await fixture.client.hold(page.items[1]) else {
            Issue.record("the second booking's hold did not hold")
            return
        }
        // And from another offer's screen.
        let other = try ClientFixture()
        try await other.client.choose(try await other.firstOffer())
        let second = try await other.client.offers(
            at: "plc_lisbon", checkIn: Self.checkIn, checkOut: Self.checkOut, guests: 2)
        guard case .held = try await other.client.hold(second.items[2]) else {
            Issue.record("a hold from another offer's screen did not hold")
            return
        }
        await fixture.sandbox.stop()
        await other.sandbox.stop()
    }

    /// "Use another card" returns its settled outcome, as hold and pay do:
    /// it returned at once with every action disabled, and
    /// `waitUntilAtRest` then returned at once too.
    @Test func useAnotherCardReturnsTheRoomHeldAgainReadyToPay() async throws {
        let fixture = try ClientFixture()
        _ = try await fixture.waitingAtTheBanksPage()
        let after = try await fixture.client.useAnotherCard()
        #expect(after.isAtRest)
        guard case .held = after.stage else {
            Issue.record("use another card ended in \(after.stage.name)")
            return
        }
        #expect(after.enabledActions.contains(.pay))
        await fixture.sandbox.stop()
    }

    @Test func theDefaultTransportCanBeWrappedAndItsHeaderReachesTheServer() async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        let client = try Self.client(sandbox) { $0.transport = SoldOutHolds() }
        let page = try await client.offers(at: "plc_lisbon", checkIn: Self.checkIn, checkOut: Self.checkOut, guests: 2)
        let offer = try #require(page.items.first)
        guard case .soldOut(let id) = try await client.hold(offer) else {
            Issue.record("the wrapper's header did not reach the server")
            return
        }
        #expect(id == offer.id)
        client.close()
        await sandbox.stop()
    }

    @Test func theStalenessAgeAndTheRecentsThresholdAreSettings() async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        let eager = try Self.client(sandbox) {
            $0.offerStaleness = .zero
            $0.suggestionMinimumLength = 5
        }
        _ = try await eager.offers(
            at: "plc_lisbon", checkIn: Self.checkIn, checkOut: Self.checkOut, guests: 2, refresh: true)
        let cached = try await eager.offers(at: "plc_lisbon", checkIn: Self.checkIn, checkOut: Self.checkOut, guests: 2)
        #expect(cached.fromCache)
        #expect(cached.pricesMayHaveChanged, "a zero staleness age makes every saved page stale")
        guard case .recents = try await eager.suggestions(for: "Lisb") else {
            Issue.record("4 characters under a threshold of 5 asked the server")
            return
        }
        eager.close()

        // A long age keeps the same saved page fresh (the sandbox quotes on
        // a clock of its own, so the default's 15 minutes say nothing here).
        let patient = try Self.client(sandbox) { $0.offerStaleness = .seconds(10 * 365 * 86_400) }
        let fresh = try await patient.offers(
            at: "plc_lisbon", checkIn: Self.checkIn, checkOut: Self.checkOut, guests: 2)
        #expect(fresh.fromCache && !fresh.pricesMayHaveChanged)
        patient.close()

        // The defaults: 15 minutes, 2 characters.
        let defaults = try Self.client(sandbox) { _ in }
        let configuration = BookingClient.Configuration(
            server: "https://api.example.com", credential: .apiKey("sk_test_x"),
            dataDirectory: URL(fileURLWithPath: sandbox.clientDirectory))
        #expect(configuration.offerStaleness == .seconds(900) && configuration.suggestionMinimumLength == 2)
        guard case .places(let places) = try await defaults.suggestions(for: "Lisb") else {
            Issue.record("4 characters did not ask the server with the default threshold")
            return
        }
        #expect(!places.isEmpty)
        defaults.close()
        await sandbox.stop()
    }
}
