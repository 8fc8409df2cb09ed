import BookingCore
import Foundation

/// One row of `cancel_request`: a cancellation the user asked for, saved
/// with its idempotency key before its POST leaves, so it can be resent
/// with the same key and settled after a crash.
package struct CancelRequest: Equatable, Sendable {
    /// Where a cancellation stands.
    package enum Status: String, Sendable, CaseIterable {
        /// Saved; its POST may have left. Its outcome is asked for (the
        /// booking is read, the POST resent with the same key) until it is known.
        case open = "OPEN"
        /// The server cancelled the booking.
        case cancelled = "CANCELLED"
        /// The server refused this request (`reason` says why); it cancelled nothing.
        case refused = "REFUSED"
    }

    /// The Idempotency-Key sent with every POST of this request.
    package var idempotencyKey: IdempotencyKey
    /// The booking to cancel.
    package var bookingID: BookingID
    /// The trip version the user asked to cancel, sent as the request's `version`.
    package var version: Version
    /// The cancellation quote the user accepted, sent with every post (the
    /// server cancels only at its refund); nil for none.
    package var quoteID: String?
    /// Where it stands.
    package var status: Status
    /// Why a refused request was refused: the server's code, such as `VERSION_CONFLICT`.
    package var reason: String?
    /// When it was saved (wall clock; for display only).
    package var createdAt: Date
    /// When the row last changed.
    package var updatedAt: Date

    /// Creates a request.
    package init(
        idempotencyKey: IdempotencyKey, bookingID: BookingID, version: Version, quoteID: String? = nil,
        status: Status = .open, reason: String? = nil, createdAt: Date, updatedAt: Date? = nil
    ) {
        self.idempotencyKey = idempotencyKey
        self.bookingID = bookingID
        self.version = version
        self.quoteID = quoteID
        self.status = status
        self.reason = reason
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }
}
