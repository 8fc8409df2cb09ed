/// The server's booking states. The client copies the list and never moves
/// a booking's state on its own.
///
/// Kept apart from `AttemptPhase` on purpose, though six cases share its
/// words: this is the server's contract, that the client's own record of
/// an attempt (see there).
public enum BookingStatus: String, CaseIterable, Codable, Sendable {
    case held = "HELD"
    case paymentRequired = "PAYMENT_REQUIRED"
    case actionRequired = "ACTION_REQUIRED"
    case processing = "PROCESSING"
    case confirmed = "CONFIRMED"
    case expired = "EXPIRED"
    case failed = "FAILED"
    case cancelled = "CANCELLED"

    /// No further change can happen (`EXPIRED`, `FAILED`, `CANCELLED`).
    public var isTerminal: Bool {
        switch self {
        case .expired, .failed, .cancelled: return true
        default: return false
        }
    }

    /// The checkout attempt behind it is settled: the booking is confirmed
    /// (it may still be cancelled later, as a trip) or it ended.
    package var settlesAttempt: Bool { self == .confirmed || isTerminal }
}
