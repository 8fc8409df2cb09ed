import BookingCore
import Foundation

/// One row of `hold_release`: a hold the client gave up, saved with its
/// idempotency key before its POST leaves, so it is sent again with the same
/// key after a crash or a failed try, until the server answers.
package struct HoldRelease: Equatable, Sendable {
    /// Where a release stands.
    package enum Status: String, Sendable, CaseIterable {
        /// Saved; its POST may have left. Sent (again) until answered.
        case open = "OPEN"
        /// The server ended the hold (or it had ended already).
        case released = "RELEASED"
        /// Nothing was released; `reason` says why.
        case refused = "REFUSED"
    }

    /// Why a release was finished without being sent: an attempt on this
    /// device uses the hold again.
    package static let inUseOnDevice = "IN_USE_ON_DEVICE"

    /// The Idempotency-Key of the release of `hold`: one per hold, the same
    /// in every process, so two processes giving one hold up send one request.
    package static func key(for hold: HoldID) -> IdempotencyKey {
        IdempotencyKey("release-\(hold.rawValue)")
    }

    /// The hold given up.
    package var holdID: HoldID
    /// The Idempotency-Key of every POST of this request.
    package var idempotencyKey: IdempotencyKey
    /// The attempt that gave it up.
    package var attemptID: AttemptID
    /// Where it stands.
    package var status: Status
    /// Why a refused release was refused: the server's code, or `inUseOnDevice`.
    package var reason: String?
    /// When it was saved (wall clock).
    package var createdAt: Date
    /// When the row last changed.
    package var updatedAt: Date

    /// Creates a request.
    package init(
        holdID: HoldID, idempotencyKey: IdempotencyKey, attemptID: AttemptID, status: Status = .open,
        reason: String? = nil, createdAt: Date, updatedAt: Date? = nil
    ) {
        self.holdID = holdID
        self.idempotencyKey = idempotencyKey
        self.attemptID = attemptID
        self.status = status
        self.reason = reason
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }
}
