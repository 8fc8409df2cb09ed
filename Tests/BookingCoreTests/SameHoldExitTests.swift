import BookingCore
import Testing

/// The fast exits that keep the room: a payment nothing can send again
/// closes its key (the booking made under it, or "not paid" at once), and a
/// closed key or a declined card pays the same live hold under a new
/// attempt and key.
@Suite struct SameHoldExitTests {
    typealias Flow = BookingFlow
    typealias S = BookingFlow.Samples

    static let attempt2 = Flow.Attempt(id: Fix.a2, key: Fix.k2, offerID: S.offerID, quoteID: S.quote.id)

    /// A restored payment (no payment method in memory) whose lookup found nothing.
    static var closing: Flow.State {
        let restored = Flow.reduce(Flow.explorationStart, .restored(S.record(.paymentSubmitted))).state
        return Flow.reduce(restored, .attemptLookedUp(Fix.a1, .notFound)).state
    }

    static func declined(_ version: Int64) -> Booking {
        Booking(id: S.bookingID, status: .failed, version: Version(rawValue: version)!, failureCode: "card_declined")
    }

    @Test func aClosedKeyIsNotPaidAtOnceAndOffersToPayTheSameHoldAgain() {
        let (state, effects) = Flow.reduce(Self.closing, .keyClosed(Fix.a1, .closed))
        #expect(state.stage == .notPaid(Flow.NotPaid(attempt: Fix.attempt1, reason: .keyClosed, holdID: S.holdID)))
        #expect(effects.isEmpty)  // the repository saved the server's answer where it arrived
        #expect(state.title == "Not paid")
        #expect(state.message?.contains("Nothing was charged") == true)
        #expect(state.enabledActions == [.retry, .back])
        #expect(state.actions.first?.label == "Pay again")
    }

    @Test func payAgainIsANewAttemptAndKeyOnTheSameHoldAndPaysOnlyOnceHeld() {
        let notPaid = Flow.reduce(Self.closing, .keyClosed(Fix.a1, .closed)).state
        #expect(Flow.reduce(notPaid, .retryTapped(attempt: Fix.a2, key: Fix.k1)).effects.isEmpty)  // never the old key
        let (checking, effects) = Flow.reduce(notPaid, .retryTapped(attempt: Fix.a2, key: Fix.k2))
        #expect(effects == [.saveAttemptOnHold(Self.attempt2, S.holdID), .readHold(Fix.a2, S.holdID)])
        #expect(checking.stage.kind == .checkingHold)
        #expect(!effects.hasPay && !effects.hasRequestHold)  // the same room: no new hold
        let held = Flow.reduce(checking, .holdRead(Fix.a2, S.hold, sentAt: Fix.t(0), receivedAt: Fix.t(1))).state
        #expect(held.stage.kind == .held)
        let (_, paying) = Flow.reduce(held, .payTapped(Fix.token, now: Fix.t(5)))
        #expect(paying.last == .pay(Flow.PaymentRequest(attempt: Self.attempt2, holdID: S.holdID, token: Fix.token)))
    }

    @Test func aBookingUnderTheKeyIsThatBooking() {
        let (state, _) = Flow.reduce(Self.closing, .keyClosed(Fix.a1, .used(Fix.booking(.confirmed, 1))))
        #expect(state.stage.kind == .confirmed)
    }

    @Test func aKeyStillInUseOrNoAnswerKeepsCheckingOnTheBackOff() {
        for answer in [Flow.KeyClosure.inUse, .unreachable] {
            let (state, effects) = Flow.reduce(Self.closing, .keyClosed(Fix.a1, answer))
            #expect(state.stage.kind == .unknown)
            #expect(effects == [.lookUpAttempt(Fix.a1, Fix.k1, after: .seconds(4))])
        }
    }

    @Test func aServerWithoutTheCallLeavesTheHoldsEndToDecide() {
        let (state, effects) = Flow.reduce(Self.closing, .keyClosed(Fix.a1, .unsupported))
        #expect(effects == [.readHold(Fix.a1, S.holdID)])
        #expect(state.pendingWork == .holdRead)
    }

    @Test func aDuplicateClosingAnswerChangesNothing() {
        let lookingAgain = Flow.reduce(Self.closing, .keyClosed(Fix.a1, .inUse)).state
        #expect(Flow.reduce(lookingAgain, .keyClosed(Fix.a1, .closed)).state == lookingAgain)
    }

    @Test func aPaymentRefusedUnderAClosedKeyIsNotPaid() {
        let submitting = Flow.reduce(Fix.held(), .payTapped(Fix.token, now: Fix.t(30))).state
        let (state, effects) = Flow.reduce(submitting, .payFailed(Fix.a1, .keyClosed))
        #expect(state.stage == .notPaid(Flow.NotPaid(attempt: Fix.attempt1, reason: .keyClosed, holdID: S.holdID)))
        #expect(effects.isEmpty)
    }

    @Test func aDeclineSaysTheBankDeclinedAndKeepsTheRoomForAnotherCard() {
        let submitting = Flow.reduce(Fix.held(), .payTapped(Fix.token, now: Fix.t(30))).state
        let failed = Flow.reduce(submitting, .payAnswered(Fix.a1, Self.declined(1))).state
        #expect(failed.title == "Payment declined")
        #expect(failed.message?.contains("Your bank declined the payment") == true)
        #expect(failed.actions.first?.label == "Try another card")
        let (next, effects) = Flow.reduce(failed, .retryTapped(attempt: Fix.a2, key: Fix.k2))
        #expect(effects.first == .saveAttemptOnHold(Self.attempt2, S.holdID))
        #expect(!effects.hasRequestHold)
        #expect(next.stage.kind == .checkingHold)
    }

    @Test func aHoldThatEndedMeanwhileIsExpiredNotPaid() {
        let notPaid = Flow.reduce(Self.closing, .keyClosed(Fix.a1, .closed)).state
        let checking = Flow.reduce(notPaid, .retryTapped(attempt: Fix.a2, key: Fix.k2)).state
        let (state, effects) = Flow.reduce(checking, .holdReadFailed(Fix.a2, .expired))
        #expect(state.stage.kind == .expired)
        #expect(!effects.hasPay)
    }
}
