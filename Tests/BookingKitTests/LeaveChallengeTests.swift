import BookingAPI
import BookingCore
import BookingKit
import BookingStore
import BookingTestSupport
import Foundation
import Testing

/// Leaving a pending 3-D Secure: "Use another card" ends the booking on
/// the server (nothing charged; the bank's late answer refused) and pays
/// the same room under a new attempt and key; Back ends it and gives the
/// room up. In-process and over real HTTP on loopback.
@Suite(.hangLimit) struct LeaveChallengeTests {
    /// A held room paid with the 3-D Secure card: the challenge pending.
    static func pending(_ harness: Harness) async throws -> (AttemptID, HoldID, BookingID) {
        let attempt = try await harness.holdAnOffer()
        let holdID = try #require(try await harness.repository.attempt(attempt)?.holdID)
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_threeDSecureRequired"), now: .origin))
        let state = await harness.waitFor { $0.stage.kind == .actionRequired }
        #expect(state.enabledActions.contains(.useAnotherCard))
        #expect(state.enabledActions.contains(.back))
        let bookingID = try #require(try await harness.repository.attempt(attempt)?.bookingID)
        return (attempt, holdID, bookingID)
    }

    /// "Use another card" while the server answers the leaving (the
    /// booking's abandon) with 503 four times: the state it settles in,
    /// the bank's page kept with "could not leave", and the abandon's path.
    static func leaveUnanswered(_ harness: Harness, _ bookingID: BookingID) async -> (String, BookingFlow.State) {
        let path = "/v1/bookings/\(bookingID.rawValue)/abandon"
        harness.sandbox.transport.inject(.init("POST", path, fault: "unavailable", times: 4))
        let (next, key) = Harness.newAttempt()
        await harness.flow.send(.useAnotherCardTapped(attempt: next, key: key))
        let stuck = await harness.waitFor {
            if case .actionRequired(let s) = $0.stage { return s.couldNotLeave }
            return false
        }
        return (path, stuck)
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func useAnotherCardPaysTheSameRoomOnceAndTheBanksLateAnswerChargesNothing(
        route: SandboxFixture.Route
    ) async throws {
        let harness = try Harness(route: route)
        let (first, holdID, bookingID) = try await Self.pending(harness)
        let (next, key) = Harness.newAttempt()
        await harness.flow.send(.useAnotherCardTapped(attempt: next, key: key))
        let held = await harness.waitFor { $0.stage.kind == .held }
        #expect(held.stage.attemptID == next)
        #expect(try await harness.repository.attempt(next)?.holdID == holdID)
        #expect(try await harness.repository.attempt(first)?.phase == .failed)
        // The bank's answer to the page left is refused: nothing charged.
        await #expect(throws: APIError.self) { try await harness.api.completeChallenge(bookingID, pass: true) }
        #expect(try await harness.ledger().chargeCount == 0)
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        #expect(await harness.waitForFinal().stage.kind == .confirmed)
        let ledger = try await harness.ledger()
        #expect(ledger.chargeCount == 1)
        #expect(ledger.chargesByIdempotencyKey == [key.rawValue: 1])
        #expect(harness.sandbox.transport.requests.filter { $0.url.path == "/v1/holds" }.count == 1)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func backLeavesTheBanksPageAndGivesTheRoomUp(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        let (first, holdID, _) = try await Self.pending(harness)
        await harness.flow.send(.backTapped)
        #expect(await harness.flow.state.stage == .browsing)
        try await harness.releaseSent(holdID)
        #expect(try await harness.sandbox.liveHolds() == [])
        #expect(try await harness.repository.attempt(first)?.phase == .failed)
        #expect(try await harness.ledger().chargeCount == 0)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aLeavingThatGotNoAnswerIsSentAgainByReconciliation(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        let (first, holdID, bookingID) = try await Self.pending(harness)
        let (_, stuck) = await Self.leaveUnanswered(harness, bookingID)
        #expect(stuck.enabledActions.contains(.useAnotherCard))
        #expect(try await harness.repository.attempt(first)?.phase == .actionRequired)
        _ = await harness.repository.reconcile()
        #expect(try await harness.repository.attempt(first)?.phase == .failed)
        #expect(try await harness.api.booking(bookingID).state == .failed)
        #expect(try await harness.sandbox.liveHolds() == [holdID.rawValue])  // kept: "another card" keeps the room
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aLeavingLeftOpenIsNotSentOnceTheBankPassedTheBooking(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        let (first, _, bookingID) = try await Self.pending(harness)
        let (path, _) = await Self.leaveUnanswered(harness, bookingID)
        // Meanwhile the bank passed the payment: the leaving has nothing
        // left to end, and reconciliation reads that instead of sending it.
        _ = try await harness.api.completeChallenge(bookingID, pass: true)
        let sent = harness.sandbox.transport.requests("POST", path).count
        _ = await harness.repository.reconcile()
        #expect(harness.sandbox.transport.requests("POST", path).count == sent)
        #expect(try await harness.repository.attempt(first)?.phase == .confirmed)
        #expect(try await harness.ledger().chargeCount == 1)
        await harness.sandbox.stop()
    }
}
