// Leaving a pending 3-D Secure challenge: "Use another card" ends the
// booking on the server and pays the same hold under a new attempt and key;
// Back ends it and gives the hold up.
extension BookingFlow {
    /// What leaving a pending 3-D Secure booking found.
    package enum AbandonAnswer: Hashable, Sendable, Codable {
        /// The booking ended unpaid (`FAILED`, or `EXPIRED` before): its hold
        /// is free to pay again, and a bank answer from now on is refused.
        case abandoned(Booking)
        /// The bank passed it first: this booking decides (processing, confirmed).
        case passed(Booking)
        /// No answer (offline, server errors): the request stays saved and
        /// is sent again by reconciliation; the challenge is still pending.
        case unreachable
        /// The server refused the credential (HTTP 401): the request stays
        /// saved and open. The runner reports it as `credentialRefused`.
        case credentialRefused

        /// A short name.
        package var name: String {
            switch self {
            case .abandoned: return "abandoned"
            case .passed: return "passed"
            case .unreachable: return "unreachable"
            case .credentialRefused: return "credentialRefused"
            }
        }
    }

    /// Where a pending 3-D Secure booking is being left for.
    public enum Leaving: Hashable, Sendable {
        /// "Use another card": once the booking ended, this new attempt and
        /// key pay the same hold.
        case anotherCard(AttemptID, IdempotencyKey)
    }

    /// `actionRequired`'s exits: "Use another card" and Back, and the
    /// server's answer to leaving.
    static func leavingChallenge(_ stage: ActionRequired, _ event: Event) -> Step? {
        let attempt = stage.payment.attempt
        switch event {
        case .useAnotherCardTapped(let next, let key)
        where stage.leaving == nil && next != attempt.id && key != attempt.key && stage.payment.holdID != nil:
            var leaving = stage
            leaving.leaving = .anotherCard(next, key)
            return go(.actionRequired(leaving), [.abandonBooking(attempt.id, stage.bookingID, releasingHold: false)])
        case .backTapped:
            // Never waits: the booking is left and the hold given up in the
            // background, saved before either is sent.
            return go(.browsing, [.abandonBooking(attempt.id, stage.bookingID, releasingHold: true)])
        case .bookingAbandoned(_, .abandoned):
            guard case .anotherCard(let next, let key)? = stage.leaving, let hold = stage.payment.holdID else {
                return nil
            }
            return startAttempt(id: next, key: key, after: attempt, onHold: hold, offer: nil)
        case .bookingAbandoned(_, .passed(let booking)):
            var kept = stage
            kept.leaving = nil
            return apply(booking, to: stage.payment, holding: stage.version, offer: nil) ?? go(.actionRequired(kept))
        case .bookingAbandoned(_, .unreachable), .bookingAbandoned(_, .credentialRefused):
            var kept = stage
            kept.leaving = nil
            kept.couldNotLeave = true
            return go(.actionRequired(kept))
        default:
            return nil
        }
    }
}
