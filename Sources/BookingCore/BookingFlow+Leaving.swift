// Leaving a pending 3-D Secure challenge: "Use another card" ends the
// booking on the server and pays the same hold under a new attempt and key;
// Back ends it and gives the hold up. The transitions are the payment
// sub-machine's (PaymentFlow+Leaving.swift); the values are the booking flow's.
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
    package enum Leaving: Hashable, Sendable {
        /// "Use another card": once the booking ended, this new attempt and
        /// key pay the same hold.
        case anotherCard(AttemptID, IdempotencyKey)
    }
}
