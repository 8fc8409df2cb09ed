import BookingCore
import Testing

/// The exits of a pending 3-D Secure in the reducer: "Use another card"
/// asks the server to end the booking, then pays the same hold under a new
/// attempt and key; Back leaves at once and gives the hold up; a bank that
/// passed first decides.
@Suite struct LeaveChallengeFlowTests {
    typealias Flow = BookingFlow
    typealias S = BookingFlow.Samples

    static let attempt2 = Flow.Attempt(id: Fix.a2, key: Fix.k2, offerID: S.offerID, quoteID: S.quote.id)

    @Test func theScreenOffersAnotherCardAndBack() {
        #expect(Fix.actionRequired.enabledActions.contains(.useAnotherCard))
        #expect(Fix.actionRequired.enabledActions.contains(.back))
    }

    @Test func useAnotherCardEndsTheBookingThenPaysTheSameHoldUnderANewKey() {
        let (leaving, effects) = Flow.reduce(Fix.actionRequired, .useAnotherCardTapped(attempt: Fix.a2, key: Fix.k2))
        #expect(effects == [.abandonBooking(Fix.a1, S.bookingID, releasingHold: false)])
        #expect(leaving.enabledActions.isEmpty)
        #expect(Flow.reduce(leaving, .useAnotherCardTapped(attempt: Fix.a2, key: Fix.k2)).effects.isEmpty)
        let ended = Fix.booking(.failed, 3)
        let (next, then) = Flow.reduce(leaving, .bookingAbandoned(Fix.a1, .abandoned(ended)))
        #expect(next.stage.kind == .checkingHold)
        #expect(then == [.saveAttemptOnHold(Self.attempt2, S.holdID), .readHold(Fix.a2, S.holdID)])
    }

    @Test func backLeavesAtOnceAndGivesTheHoldUp() {
        let (state, effects) = Flow.reduce(Fix.actionRequired, .backTapped)
        #expect(state.stage == .browsing)
        #expect(effects == [.abandonBooking(Fix.a1, S.bookingID, releasingHold: true)])
    }

    @Test func aBankThatPassedFirstDecides() {
        let leaving = Flow.reduce(Fix.actionRequired, .useAnotherCardTapped(attempt: Fix.a2, key: Fix.k2)).state
        let (state, _) = Flow.reduce(leaving, .bookingAbandoned(Fix.a1, .passed(Fix.booking(.confirmed, 3))))
        #expect(state.stage.kind == .confirmed)
    }

    @Test func noAnswerKeepsTheChallengeAndOffersToTryAgain() {
        let leaving = Flow.reduce(Fix.actionRequired, .useAnotherCardTapped(attempt: Fix.a2, key: Fix.k2)).state
        let (state, effects) = Flow.reduce(leaving, .bookingAbandoned(Fix.a1, .unreachable))
        #expect(state.stage.kind == .actionRequired)
        #expect(effects.isEmpty)
        #expect(state.enabledActions.contains(.useAnotherCard))
        #expect(state.message?.contains("could not reach the server") == true)
    }
}

/// A booking that ended because the user left its bank's page fails for
/// its own reason: not a decline, nothing charged, the room kept.
@Suite struct AbandonedReasonFlowTests {
    @Test func anAbandonedBookingSaysTheBankPageWasLeftNotDeclined() {
        let ended = Booking(
            id: BookingFlow.Samples.bookingID, status: .failed, version: Version(rawValue: 2)!,
            failureCode: Booking.abandonedCode)
        let (state, _) = BookingFlow.reduce(Fix.actionRequired, .bookingPolled(Fix.a1, .found(ended)))
        guard case .failed(let failed) = state.stage else {
            Issue.record("expected failed, got \(state.stage.name)")
            return
        }
        #expect(failed.reason == .abandoned)
        #expect(state.title == "You left your bank's page")
        #expect(state.message?.contains("Nothing was charged") == true)
        #expect(state.actions.first?.label == "Try another card")
    }
}
