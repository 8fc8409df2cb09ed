import BookingCore
import Foundation

/// One row of `trip`: a confirmed (or later cancelled) booking, readable
/// offline.
public struct TripRecord: Equatable, Sendable {
    /// The server's booking id.
    public var bookingID: BookingID
    /// `CONFIRMED` or `CANCELLED`.
    public var status: BookingStatus
    /// The trip's details as the server described them (JSON object text);
    /// nil in a record read by a listing, which never reads it (its
    /// columns are in `summary`).
    public var propertyJSON: String?
    /// Check-in, a calendar date `YYYY-MM-DD` in the hotel's time zone.
    public var checkIn: String
    /// Check-out, a calendar date `YYYY-MM-DD`, after check-in.
    public var checkOut: String
    /// The voucher to show at the desk, when the server gave one.
    public var voucherCode: String?
    /// The server's booking version this copy holds.
    public var version: Version
    /// When the server answer this copy comes from was received.
    public var syncedAt: Date
    /// What a list shows, as read from the row's typed columns; nil when
    /// the saved JSON does not have a trip's shape, and in a record not yet
    /// saved (the schema derives the columns from `propertyJSON`).
    public var summary: TripSummary?
    /// The refund of a cancelled trip, as the server last reported it.
    public var refund: Refund?

    /// Creates a record.
    public init(
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
