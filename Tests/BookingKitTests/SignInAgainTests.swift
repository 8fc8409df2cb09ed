import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// A credential the server refuses mid-flow (HTTP 401) is "Sign in again":
/// the attempt is kept as it was (nothing concluded, no key closed, no hold
/// given up), and the new credential resumes it by asking the server
/// first. In-process and over real HTTP on loopback, through the app's
/// front door (`BookingClient`), which swaps the credential for real.
@Suite(.hangLimit) struct SignInAgainTests {
    static func client(_ sandbox: SandboxFixture, key: String) throws -> BookingClient {
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.credential = .apiKey(key)
        return try BookingClient(configuration, dependencies: Dependencies(sleeper: NoSleeper()))
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aRefusedPaymentIsLookedUpAfterSigningInAndChargedOnce(route: SandboxFixture.Route) async throws {
        let sandbox = try SandboxFixture(route: route)
        let client = try Self.client(sandbox, key: "sk_test_test")
        await client.launch()
        try await client.hold(try await Harness.firstOffer(from: sandbox.client()))
        let held = try await client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        let attempt = try #require(held.stage.attemptID)
        let holdID = try #require(try await client.savedAttempt(attempt)?.holdID)
        sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "unauthenticated"))

        let result = try await client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        #expect(result == .stillBeingChecked(.signInRequired))
        let refused = await client.state
        #expect(refused.stage.kind == .signInRequired)
        #expect(refused.title == "Sign in again")
        #expect(refused.enabledActions == [.signIn, .back])
        // Kept as it was: still submitted, no lookup, no key closed, the room still held.
        #expect(try await client.savedAttempt(attempt)?.phase == .paymentSubmitted)
        #expect(sandbox.transport.requests("GET", "/v1/bookings").isEmpty)
        #expect(sandbox.transport.requests("POST", "/v1/bookings/close-key").isEmpty)
        #expect(try await sandbox.liveHolds() == [holdID.rawValue])
        #expect(try await sandbox.client().sandboxLedger().chargeCount == 0)

        let sentBefore = sandbox.transport.requests.count
        await client.signedIn(apiKey: "sk_test_test")
        let paid = try await client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(paid.stage.kind == .confirmed)
        // Asked first: the lookup by key left before the payment went again.
        let after = sandbox.transport.requests.dropFirst(sentBefore).map { "\($0.method) \($0.url.path)" }
        #expect(after.first == "GET /v1/bookings")
        #expect(after.filter { $0 == "POST /v1/bookings" }.count == 1)
        let ledger = try await sandbox.client().sandboxLedger()
        #expect(ledger.chargeCount == 1)
        #expect(ledger.chargesByHold == [holdID.rawValue: 1])
        await sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aRefusedHoldHoldsOnceWithTheNewKey(route: SandboxFixture.Route) async throws {
        let sandbox = try SandboxFixture(route: route)
        let offer = try await Harness.firstOffer(from: sandbox.client())
        // A key the server does not accept (not `sk_test_`): every request is refused.
        let client = try Self.client(sandbox, key: "sk_live_revoked")
        await client.launch()
        _ = try? await client.hold(offer)
        let refused = try await client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(refused.stage.kind == .signInRequired)
        let attempt = try #require(refused.stage.attemptID)
        #expect(try await client.savedAttempt(attempt)?.phase == .holdRequested)
        #expect(try await sandbox.liveHolds().isEmpty)

        await client.signedIn(apiKey: "sk_test_test")
        let held = try await client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(held.stage.kind == .held)
        #expect(held.stage.attemptID == attempt)  // the same attempt, under the same key
        #expect(try await sandbox.liveHolds().count == 1)
        let holds = sandbox.transport.requests("POST", "/v1/holds")
        #expect(Set(holds.map { $0.headers["Idempotency-Key"] }).count == 1)
        await sandbox.stop()
    }
}
