// Leaving a pending 3-D Secure challenge: "Use another card" ends the
// booking on the server and pays the same hold under a new attempt and key;
// Back ends it and gives the hold up. (The answers' and the destination's
// types are the booking flow's: `BookingFlow.AbandonAnswer`, `BookingFlow.Leaving`.)
extension PaymentFlow {
    /// `actionRequired`'s exits: "Use another card" and Back, and the
    /// server's answer to leaving.
    static func leavingChallenge(_ stage: BookingFlow.ActionRequired, _ event: Event) -> Step? {
        let attempt = stage.payment.attempt
        switch event {
        case .useAnotherCardTapped(let next, let key)
        where stage.leaving == nil && next != attempt.id && key != attempt.key && stage.payment.holdID != nil:
            var leaving = stage
            leaving.leaving = .anotherCard(next, key)
            return (.actionRequired(leaving), [.abandonBooking(attempt.id, stage.bookingID, releasingHold: false)])
        case .backTapped:
            // Never waits: the booking is left and the hold given up in the
            // background, saved before either is sent.
            return end(.leftChallenge, [.abandonBooking(attempt.id, stage.bookingID, releasingHold: true)])
        case .bookingAbandoned(.abandoned):
            guard case .anotherCard(let next, let key)? = stage.leaving, let hold = stage.payment.holdID else {
                return nil
            }
            return end(.anotherCard(next, key, after: attempt, onHold: hold))
        case .bookingAbandoned(.passed(let booking)):
            var kept = stage
            kept.leaving = nil
            return apply(booking, to: stage.payment, holding: stage.version) ?? (.actionRequired(kept), [])
        case .bookingAbandoned(.unreachable), .bookingAbandoned(.credentialRefused):
            var kept = stage
            kept.leaving = nil
            kept.couldNotLeave = true
            return (.actionRequired(kept), [])
        default:
            return nil
        }
    }
}
