/// Where a checkout attempt stands on the client, as saved in
/// `booking_attempt.status`. Saved before each request that may move it on,
/// so a process that dies anywhere knows what to ask the server at launch.
///
/// Kept apart from `BookingStatus` on purpose, though six cases share its
/// words: this is the client's own record (with phases the server never
/// has, and the order the schema's forward-only trigger ranks), that is
/// the server's contract, copied as it is; `AttemptPhase(bookingStatus:)`
/// is the one place one becomes the other.
package enum AttemptPhase: String, CaseIterable, Codable, Sendable {
    /// The attempt and its key are saved; the hold request may have left.
    case holdRequested = "HOLD_REQUESTED"
    /// The server granted a hold; no money has moved.
    case held = "HELD"
    /// The payment request may have left: the outcome is unknown until the
    /// server answers or the attempt is looked up by its key.
    case paymentSubmitted = "PAYMENT_SUBMITTED"
    /// The bank asked for 3-D Secure; the server's state is the truth.
    case actionRequired = "ACTION_REQUIRED"
    /// The server is processing the payment.
    case processing = "PROCESSING"
    /// The booking is confirmed and saved as a trip.
    case confirmed = "CONFIRMED"
    /// The payment failed or was declined; a retry is a new attempt.
    case failed = "FAILED"
    /// The hold ran out before payment.
    case expired = "EXPIRED"
    /// The booking was cancelled.
    case cancelled = "CANCELLED"
    /// The user left before paying (went back, or accepted a new price, which
    /// starts a new attempt). No money moved.
    case abandoned = "ABANDONED"

    /// Nothing is left to reconcile.
    package var isFinal: Bool {
        switch self {
        case .confirmed, .failed, .expired, .cancelled, .abandoned: return true
        default: return false
        }
    }

    /// Money may have moved: the attempt can never return to an editable state.
    package var mayHaveCharged: Bool {
        switch self {
        case .paymentSubmitted, .actionRequired, .processing, .confirmed, .failed, .cancelled: return true
        default: return false
        }
    }
}
