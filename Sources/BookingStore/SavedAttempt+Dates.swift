import BookingCore
import Foundation

extension SavedAttempt {
    /// A new attempt's row, made at `date`.
    public init(attempt: BookingFlow.Attempt, phase: AttemptPhase = .holdRequested, createdAt date: Date) {
        self.init(attempt: attempt, phase: phase, createdAtMilliseconds: date.unixMilliseconds)
    }

    /// When the attempt was made (wall clock; for display and the key's lifetime only).
    public var createdAt: Date { Date(unixMilliseconds: createdAtMilliseconds) }

    /// When the row last changed.
    public var updatedAt: Date { Date(unixMilliseconds: updatedAtMilliseconds) }
}
