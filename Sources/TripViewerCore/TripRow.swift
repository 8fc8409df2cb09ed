import BookingValues

/// One saved trip as the viewer shows it: the columns of `trip` (no
/// Foundation type: the sync time is unix milliseconds). The full CLI makes
/// one from its `TripRecord`, so both print through the same code.
package struct TripRow: Equatable, Sendable {
    /// What a trip with a trip's details shows beyond its dates: the
    /// listing's columns, the same type the full client's store reads.
    package typealias Details = TripSummary

    /// The server's booking id.
    package var bookingID: BookingID
    /// `CONFIRMED` or `CANCELLED`.
    package var status: BookingStatus
    /// Check-in, `YYYY-MM-DD`.
    package var checkIn: String
    /// Check-out, `YYYY-MM-DD`, after check-in.
    package var checkOut: String
    /// The voucher to show at the desk, when the server gave one.
    package var voucherCode: String?
    /// The server's booking version this copy holds.
    package var version: Version
    /// When the server answer this copy comes from was received (unix ms).
    package var syncedAtMilliseconds: Int64
    /// The details; nil when the saved JSON does not have a trip's shape.
    package var details: Details?
    /// The refund of a cancelled trip, as the server last reported it.
    package var refund: Refund?

    /// Creates a row.
    package init(
        bookingID: BookingID, status: BookingStatus, checkIn: String, checkOut: String, voucherCode: String?,
        version: Version, syncedAtMilliseconds: Int64, details: Details?, refund: Refund? = nil
    ) {
        self.bookingID = bookingID
        self.status = status
        self.checkIn = checkIn
        self.checkOut = checkOut
        self.voucherCode = voucherCode
        self.version = version
        self.syncedAtMilliseconds = syncedAtMilliseconds
        self.details = details
        self.refund = refund
    }

    /// The trip as an iCalendar event; nil when its dates are not calendar dates.
    package var calendarEvent: TripCalendar.Event? {
        guard let start = CalendarDate(checkIn), let end = CalendarDate(checkOut) else { return nil }
        let seconds =
            syncedAtMilliseconds >= 0 ? syncedAtMilliseconds / 1000 : (syncedAtMilliseconds - 999) / 1000
        return TripCalendar.stay(
            bookingID: bookingID, version: version, checkIn: start, checkOut: end,
            propertyName: details?.propertyName, roomName: details?.roomName, address: details?.address,
            city: details?.city, isCancelled: status == .cancelled, stampUnixSeconds: seconds, refund: refund)
    }
}

extension TripRow: TripLineFields {
    package var total: Money? { details?.price.total }

    package func withText<Result>(_ field: TripLineField, _ body: (UnsafeRawBufferPointer?) throws -> Result)
        rethrows -> Result
    {
        func bytes(_ text: String?) throws -> Result {
            guard var text else { return try body(nil) }
            return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
        }
        switch field {
        case .bookingID: return try bytes(bookingID.rawValue)
        case .checkIn: return try bytes(checkIn)
        case .checkOut: return try bytes(checkOut)
        case .voucherCode: return try bytes(voucherCode)
        case .propertyName: return try bytes(details?.propertyName)
        case .city: return try bytes(details?.city)
        }
    }
}
