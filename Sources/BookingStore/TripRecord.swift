import BookingCore
import Foundation

/// One row of `trip`: a confirmed (or later cancelled) booking, readable
/// offline.
package struct TripRecord: Equatable, Sendable {
    /// The server's booking id.
    package var bookingID: BookingID
    /// `CONFIRMED` or `CANCELLED`.
    package var status: BookingStatus
    /// The trip's details as the server described them (JSON object text);
    /// nil in a record read by a listing, which never reads it (its
    /// columns are in `summary`).
    package var propertyJSON: String?
    /// Check-in, a calendar date `YYYY-MM-DD` in the hotel's time zone.
    package var checkIn: String
    /// Check-out, a calendar date `YYYY-MM-DD`, after check-in.
    package var checkOut: String
    /// The voucher to show at the desk, when the server gave one.
    package var voucherCode: String?
    /// The server's booking version this copy holds.
    package var version: Version
    /// When the server answer this copy comes from was received.
    package var syncedAt: Date
    /// What a list shows, as read from the row's typed columns; nil when
    /// the saved JSON does not have a trip's shape, and in a record not yet
    /// saved (the schema derives the columns from `propertyJSON`).
    package var summary: TripSummary?
    /// The refund of a cancelled trip, as the server last reported it.
    package var refund: Refund?

    /// Creates a record.
    package init(
        bookingID: BookingID, status: BookingStatus, propertyJSON: String?, checkIn: String, checkOut: String,
        voucherCode: String?, version: Version, syncedAt: Date, summary: TripSummary? = nil, refund: Refund? = nil
    ) {
        self.bookingID = bookingID
        self.status = status
        self.propertyJSON = propertyJSON
        self.checkIn = checkIn
        self.checkOut = checkOut
        self.voucherCode = voucherCode
        self.version = version
        self.syncedAt = syncedAt
        self.summary = summary
        self.refund = refund
    }
}
