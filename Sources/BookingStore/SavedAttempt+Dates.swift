import BookingCore
import Foundation

extension SavedAttempt {
    /// A new attempt's row, made at `date`.
    package init(attempt: BookingFlow.Attempt, phase: AttemptPhase = .holdRequested, createdAt date: Date) {
        self.init(attempt: attempt, phase: phase, createdAtMilliseconds: date.unixMilliseconds)
    }

    /// When the attempt was made (wall clock; for display and the key's lifetime only).
    package var createdAt: Date { Date(unixMilliseconds: createdAtMilliseconds) }

    /// When the row last changed.
    package var updatedAt: Date { Date(unixMilliseconds: updatedAtMilliseconds) }
}
