import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// Issue 22 item 4: the bank's 3-D Secure page survives an interruption.
/// The page's URL is saved with the attempt in the write that saves the
/// ACTION_REQUIRED answer; after the process dies, the relaunch shows the
/// same page (not "Confirming your booking" with no page) until the server
/// says the booking moved on. Over the in-process and loopback routes, a
/// real sandbox and a real database file.
@Suite(.hangLimit) struct ChallengePageSurvivesTests {
    /// Pays the held room with the 3-D Secure card: the attempt, its
    /// booking and the page the flow opened.
    static func challenged(_ harness: Harness) async throws -> (AttemptID, BookingID, String) {
        let attempt = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_threeDSecureRequired"), now: .origin))
        let pending = await harness.waitFor { $0.stage.kind == .actionRequired }
        guard case .challenge(let url)? = pending.navigation else {
            Issue.record("no bank page in \(pending.stage.name)")
            throw CancellationError()
        }
        let bookingID = try #require(try await harness.repository.attempt(attempt)?.bookingID)
        return (attempt, bookingID, url)
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func theRelaunchShowsTheSamePageWhichThenConfirmsOnce(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        let (attempt, bookingID, url) = try await Self.challenged(harness)
        try harness.restart()  // the process died once the answer was saved
        #expect(try await harness.repository.attempt(attempt)?.challengeURL == url)
        let restored = try await harness.runtime.restore()
        #expect(restored.stage.kind == .actionRequired)
        #expect(restored.navigation == .challenge(url: url))
        #expect(restored.enabledActions.contains(.openChallenge))
        #expect(restored.enabledActions.contains(.useAnotherCard))
        await harness.flow.send(.openChallengeTapped)
        #expect(harness.challenges.urls.last == url)
        try await harness.api.completeChallenge(bookingID, pass: true)
        await harness.flow.send(.challengeReturned(attempt))
        #expect(await harness.waitForFinal().stage.kind == .confirmed)
        #expect(try await harness.repository.attempt(attempt)?.challengeURL == nil)  // moved on: no page kept
        let ledger = try await harness.ledger()
        #expect(ledger.chargeCount == 1)
        #expect(harness.sandbox.transport.requests("POST", "/v1/bookings").count == 1)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aPageAnsweredWhileTheAppWasDeadIsReadAtTheRelaunch(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        let (attempt, bookingID, _) = try await Self.challenged(harness)
        try harness.restart()
        try await harness.api.completeChallenge(bookingID, pass: true)  // in a browser, meanwhile
        let restored = try await harness.runtime.restore()
        #expect(restored.stage.kind == .actionRequired)
        await harness.flow.send(.appForegrounded)  // the app comes to the foreground: the booking is read
        #expect(await harness.waitForFinal().stage.kind == .confirmed)
        #expect(try await harness.repository.attempt(attempt)?.phase == .confirmed)
        #expect(try await harness.ledger().chargeCount == 1)
        await harness.sandbox.stop()
    }

    @Test func theLibrarysRelaunchReturnsNeedsBankPageWithTheSavedPage() async throws {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        try await fixture.client.hold(try await fixture.firstOffer())
        guard
            case .needsBankPage(let url, let booking) = try await fixture.client.pay(
                with: PaymentToken("tok_threeDSecureRequired"), guest: BookingFlow.Samples.guest)
        else {
            Issue.record("expected needsBankPage, got \(await fixture.client.state.stage.name)")
            return
        }
        fixture.client.close()  // the app is killed
        let relaunched = try ClientFixture.client(sandbox: fixture.sandbox)
        await relaunched.launch()
        let state = await relaunched.state
        #expect(state.stage.kind == .actionRequired)
        #expect(state.navigation == .challenge(url: url.absoluteString))
        let result = await relaunched.waitForPayment()
        #expect(result == .needsBankPage(url, booking: booking))
        try await ClientFixture.answerChallenge(url.absoluteString, pass: true)
        try await relaunched.returnedFromBank(for: booking)
        guard case .confirmed(let trip)? = await relaunched.waitForPayment() else {
            Issue.record("expected confirmed, got \(await relaunched.state.stage.name)")
            return
        }
        #expect(trip.id == booking)
        #expect(try await relaunched.api.sandboxLedger().chargeCount == 1)
        await fixture.sandbox.stop()
    }
}
