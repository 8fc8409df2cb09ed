import BookingCore

/// One saved trip as the viewer shows it: the columns of `trip` (no
/// Foundation type: the sync time is unix milliseconds). The full CLI makes
/// one from its `TripRecord`, so both print through the same code.
public struct TripRow: Equatable, Sendable {
    /// What a trip with a trip's details shows beyond its dates.
    public struct Details: Equatable, Sendable {
        /// The hotel's name.
        public var propertyName: String
        /// Its city.
        public var city: String
        /// Its street address, when the server gave one.
        public var address: String?
        /// Its stars (1 to 5), when the server gave them.
        public var stars: Int?
        /// The room's name.
        public var roomName: String
        /// How many guests.
        public var guests: Int
        /// The price, line by line.
        public var price: PriceBreakdown

        /// Creates the details.
        public init(
            propertyName: String, city: String, address: String?, stars: Int?, roomName: String, guests: Int,
            price: PriceBreakdown
        ) {
            self.propertyName = propertyName
            self.city = city
            self.address = address
            self.stars = stars
            self.roomName = roomName
            self.guests = guests
            self.price = price
        }
    }

    /// The server's booking id.
    public var bookingID: BookingID
    /// `CONFIRMED` or `CANCELLED`.
    public var status: BookingStatus
    /// Check-in, `YYYY-MM-DD`.
    public var checkIn: String
    /// Check-out, `YYYY-MM-DD`, after check-in.
    public var checkOut: String
    /// The voucher to show at the desk, when the server gave one.
    public var voucherCode: String?
    /// The server's booking version this copy holds.
    public var version: Version
    /// When the server answer this copy comes from was received (unix ms).
    public var syncedAtMilliseconds: Int64
    /// The details; nil when the saved JSON does not have a trip's shape.
    public var details: Details?
    /// The refund of a cancelled trip, as the server last reported it.
    public var refund: Refund?

    /// Creates a row.
    public init(
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
    public var calendarEvent: TripCalendar.Event? {
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
    public var total: Money? { details?.price.total }

    public func withText<Result>(_ field: TripLineField, _ body: (UnsafeRawBufferPointer?) throws -> Result)
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
