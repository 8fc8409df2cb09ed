import BookingCore
import Foundation

/// One row of `abandon_request`: a pending 3-D Secure challenge the user
/// left, saved with its idempotency key before its POST leaves, so it is
/// sent again with the same key after a crash or a failed try.
package struct AbandonRequest: Equatable, Sendable {
    /// Where it stands.
    package enum Status: String, Sendable, CaseIterable {
        /// Saved; sent (again) until answered.
        case open = "OPEN"
        /// The booking ended unpaid.
        case abandoned = "ABANDONED"
        /// Nothing was abandoned; `reason` says why.
        case refused = "REFUSED"
    }

    /// The Idempotency-Key of leaving `booking`: one per booking, the same
    /// in every process.
    package static func key(for booking: BookingID) -> IdempotencyKey {
        IdempotencyKey("abandon-\(booking.rawValue)")
    }

    /// The booking left.
    package var bookingID: BookingID
    /// The key of every POST of this request.
    package var idempotencyKey: IdempotencyKey
    /// The attempt whose booking it is.
    package var attemptID: AttemptID
    /// Whether the hold is given up once the booking ended (the user went back).
    package var releasesHold: Bool
    /// Where it stands.
    package var status: Status
    /// Why a refused request was refused: the server's code.
    package var reason: String?
    /// When it was saved (wall clock).
    package var createdAt: Date

    /// Creates a request.
    package init(
        bookingID: BookingID, attemptID: AttemptID, releasesHold: Bool, status: Status = .open,
        reason: String? = nil, createdAt: Date
    ) {
        self.bookingID = bookingID
        idempotencyKey = Self.key(for: bookingID)
        self.attemptID = attemptID
        self.releasesHold = releasesHold
        self.status = status
        self.reason = reason
        self.createdAt = createdAt
    }
}
