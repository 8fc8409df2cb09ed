import BookingCore
import Testing

/// A push names an attempt: the payment being checked is asked about once,
/// now, unless a question is already out (its answer comes); an attempt
/// the flow does not have, or one not being paid, changes nothing.
@Suite struct PushReceivedTests {
    typealias Flow = BookingFlow
    typealias S = BookingFlow.Samples

    @Test func aPushPollsABookingBeingConfirmedAtOnceUnlessAPollIsOut() {
        let (polling, effects) = Flow.reduce(Fix.processing(pending: false), .pushReceived(Fix.a1))
        #expect(effects == [.pollBooking(Fix.a1, S.bookingID, after: .zero)])
        #expect(polling.stage.kind == .processing)
        #expect(Flow.reduce(Fix.processing(pending: true), .pushReceived(Fix.a1)).effects.isEmpty)
    }

    @Test func aPushLooksUpALostAnswerByItsKeyUnlessALookupIsScheduled() {
        let (_, effects) = Flow.reduce(Fix.unknown(checks: 2, pending: false), .pushReceived(Fix.a1))
        #expect(effects == [.lookUpAttempt(Fix.a1, Fix.k1, after: .zero)])
        #expect(Flow.reduce(Fix.unknown(checks: 2, pending: true), .pushReceived(Fix.a1)).effects.isEmpty)
    }

    @Test func aPushForAPaymentCheckedBehindTheResultsAsksAboutIt() {
        var browsing = Fix.state(.browsing)
        browsing.paymentBeingChecked = Fix.processing(pending: false).stage
        let (state, effects) = Flow.reduce(browsing, .pushReceived(Fix.a1))
        #expect(effects == [.pollBooking(Fix.a1, S.bookingID, after: .zero)])
        #expect(state.stage == .browsing)  // the screen stays where the traveller is
    }

    @Test func aPushForAnotherAttemptOrAHeldRoomChangesNothing() {
        let processing = Fix.processing(pending: false)
        #expect(Flow.reduce(processing, .pushReceived(Fix.a2)) == (processing, []))
        let held = Fix.held()
        #expect(Flow.reduce(held, .pushReceived(Fix.a1)).effects.isEmpty)
        #expect(Flow.reduce(held, .pushReceived(Fix.a1)).state == held)
    }
}
