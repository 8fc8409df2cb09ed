import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// A server that asks to wait is not a lost payment: a 503 with
/// `Retry-After: 3600` on `POST /v1/bookings` is never stored, so nothing ran
/// under the key. The attempt ends "not paid" at once (no lookups), the hold
/// is kept, and Pay is offered again on the same hold; nothing is charged.
/// In-process and over real HTTP on loopback.
@Suite(.hangLimit) struct WaitRequestedPaymentTests {
    @Test(arguments: SandboxFixture.Route.allCases)
    func aServerAskingToWaitLeavesTheHoldToPayAgain(route: SandboxFixture.Route) async throws {
        let harness = try Harness(
            route: route, faults: [.init("POST", "/v1/bookings", fault: "unavailable")], retryAfterSeconds: 3_600)
        let first = try await harness.holdAnOffer()
        let holdID = try #require(try await harness.repository.attempt(first)?.holdID)
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        let waited = await harness.waitForFinal()
        #expect(waited.stage.name == "notPaid")
        #expect(waited.message?.contains("The server asked us to wait until") == true)
        #expect(waited.message?.contains("nothing was charged") == true)
        #expect(waited.actions.first?.label == BookingFlow.payAgainLabel)
        #expect(waited.actions.first?.isEnabled == true)
        #expect(harness.sandbox.transport.requests("POST", "/v1/bookings").count == 1)
        #expect(harness.sandbox.transport.requests("GET", "/v1/bookings").isEmpty, "no lookup: nothing ran")
        #expect(try await harness.repository.attempt(first)?.phase == .failed)
        #expect(try await harness.sandbox.liveHolds() == [holdID.rawValue])
        // Read by a client of its own: the flow's client obeys the hour's wait.
        #expect(try await harness.sandbox.client(sleeper: NoSleeper()).sandboxLedger().chargeCount == 0)
        await harness.sandbox.stop()
    }
}
