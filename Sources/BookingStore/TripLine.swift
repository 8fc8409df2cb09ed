import BookingCore

/// What one line of a trip list shows, read from the typed columns of
/// `trip` alone: the fewest columns a list needs (`TripTable.forEachLine`).
public struct TripLine: Equatable, Sendable {
    /// The server's booking id.
    public var bookingID: BookingID
    /// `CONFIRMED` or `CANCELLED`.
    public var status: BookingStatus
    /// The property's name; nil when the row has no details.
    public var propertyName: String?
    /// Its city; nil when the row has no details.
    public var city: String?
    /// Check-in, `YYYY-MM-DD`.
    public var checkIn: String
    /// Check-out, `YYYY-MM-DD`.
    public var checkOut: String
    /// What the guest pays; nil when the row has no details.
    public var total: Money?
    /// The voucher, when the server gave one.
    public var voucherCode: String?

    /// Creates a line.
    public init(
        bookingID: BookingID, status: BookingStatus, propertyName: String?, city: String?, checkIn: String,
        checkOut: String, total: Money?, voucherCode: String?
    ) {
        self.bookingID = bookingID
        self.status = status
        self.propertyName = propertyName
        self.city = city
        self.checkIn = checkIn
        self.checkOut = checkOut
        self.total = total
        self.voucherCode = voucherCode
    }

    /// The line of a full record.
    public init(_ trip: TripRecord) {
        self.init(
            bookingID: trip.bookingID, status: trip.status, propertyName: trip.summary?.propertyName,
            city: trip.summary?.city, checkIn: trip.checkIn, checkOut: trip.checkOut,
            total: trip.summary?.price.total, voucherCode: trip.voucherCode)
    }
}
