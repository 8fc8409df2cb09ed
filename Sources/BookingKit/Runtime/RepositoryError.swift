import BookingCore

/// Why the repository refused a call before any request left.
package enum RepositoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No saved attempt has this id: nothing is sent for an unsaved attempt.
    case unknownAttempt(AttemptID)
    /// No saved trip has this booking id.
    case unknownBooking(BookingID)
    /// The attempt is not in a phase that allows this call.
    case wrongPhase(AttemptID, AttemptPhase, String)
    /// Another process on the same data directory started a new hold, which
    /// abandoned this attempt before it sent a payment: nothing was charged
    /// for it, and nothing more is sent for it.
    case superseded(AttemptID)

    package var description: String {
        switch self {
        case .unknownAttempt(let id): return "no saved attempt \(id)"
        case .unknownBooking(let id): return "no saved trip \(id)"
        case .wrongPhase(let id, let phase, let action): return "attempt \(id) is \(phase.rawValue): cannot \(action)"
        case .superseded(let id): return "attempt \(id) was replaced by a newer hold; nothing was charged for it"
        }
    }
}
