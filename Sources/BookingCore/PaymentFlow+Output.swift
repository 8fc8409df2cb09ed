extension PaymentFlow {
    /// How the payment machine ends: the message the booking flow maps to
    /// its own transition (`BookingFlow.embedded(_:)`).
    package enum Output: Hashable, Sendable {
        /// The booking is confirmed: the parent's `confirmed`.
        case confirmed(BookingFlow.Settled)
        /// The booking was cancelled: the parent's `cancelled`.
        case cancelled(BookingFlow.Settled)
        /// The attempt failed (a live hold kept when the server left it
        /// free): the parent's `failed`.
        case failed(BookingFlow.Failed)
        /// The hold ran out: the parent's `expired`.
        case expired(BookingFlow.Expired)
        /// Certainly no payment under the key: the parent's `notPaid`.
        case notPaid(BookingFlow.NotPaid)
        /// Back from 3-D Secure: the parent's results list; the booking is
        /// left and its hold given up in the background (the effect goes with it).
        case leftChallenge
        /// "Use another card": the booking ended unpaid, so its hold is paid
        /// under the new attempt and key; the parent starts that attempt.
        case anotherCard(AttemptID, IdempotencyKey, after: BookingFlow.Attempt, onHold: HoldID)

        /// A short name, for the diagram: the final stage's name.
        package var name: String {
            switch self {
            case .confirmed: return "confirmed"
            case .cancelled: return "cancelled"
            case .failed: return "failed"
            case .expired: return "expired"
            case .notPaid: return "notPaid"
            case .leftChallenge: return "leftChallenge"
            case .anotherCard: return "anotherCard"
            }
        }
    }
}
