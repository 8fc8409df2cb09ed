import BookingCore
import Foundation

/// One row of `modify_request`: a change of a booking's dates the user
/// accepted, saved with its idempotency key, quote and version before its
/// POST leaves, so it can be resent with the same key and settled after a crash.
package struct ModifyRequest: Equatable, Sendable {
    /// Where a modification stands.
    package enum Status: String, Sendable, CaseIterable {
        /// Saved; its POST may have left. Its outcome is asked for until it is known.
        case open = "OPEN"
        /// The server applied it.
        case modified = "MODIFIED"
        /// The server refused it, or it never left (`reason` says which); it changed nothing.
        case refused = "REFUSED"
    }

    /// The Idempotency-Key sent with every POST of this request.
    package var idempotencyKey: IdempotencyKey
    /// The booking whose dates change.
    package var bookingID: BookingID
    /// The quote applied.
    package var quoteID: String
    /// The trip version the quote was made for, sent as the request's `version`.
    package var version: Version
    /// The new first night.
    package var checkIn: CalendarDate
    /// The day the new stay ends.
    package var checkOut: CalendarDate
    /// The quote's new total.
    package var total: Money
    /// The quote's difference: positive to charge, negative to refund.
    package var difference: Money
    /// Where it stands.
    package var status: Status
    /// Why a refused request was refused: the server's code, such as `VERSION_CHANGED`.
    package var reason: String?
    /// When it was saved (wall clock; for display only).
    package var createdAt: Date
    /// When the row last changed.
    package var updatedAt: Date

    /// Creates a request.
    package init(
        idempotencyKey: IdempotencyKey, bookingID: BookingID, quoteID: String, version: Version,
        checkIn: CalendarDate, checkOut: CalendarDate, total: Money, difference: Money, status: Status = .open,
        reason: String? = nil, createdAt: Date, updatedAt: Date? = nil
    ) {
        self.idempotencyKey = idempotencyKey
        self.bookingID = bookingID
        self.quoteID = quoteID
        self.version = version
        self.checkIn = checkIn
        self.checkOut = checkOut
        self.total = total
        self.difference = difference
        self.status = status
        self.reason = reason
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }
}
