import BookingCore

/// What one line of a trip list shows, read from the typed columns of
/// `trip` alone: the fewest columns a list needs (`TripTable.forEachLine`).
package struct TripLine: Equatable, Sendable, TripLineContent {
    /// The text fields of a line, each read as bytes by `withText`.
    package enum Field: Sendable {
        /// `bookingID`.
        case bookingID
        /// `propertyName`.
        case propertyName
        /// `city`.
        case city
        /// `checkIn`.
        case checkIn
        /// `checkOut`.
        case checkOut
        /// `voucherCode`.
        case voucherCode
    }

    /// The server's booking id.
    package var bookingID: BookingID
    /// `CONFIRMED` or `CANCELLED`.
    package var status: BookingStatus
    /// The property's name; nil when the row has no details.
    package var propertyName: String?
    /// Its city; nil when the row has no details.
    package var city: String?
    /// Check-in, `YYYY-MM-DD`.
    package var checkIn: String
    /// Check-out, `YYYY-MM-DD`.
    package var checkOut: String
    /// What the guest pays; nil when the row has no details.
    package var total: Money?
    /// The voucher, when the server gave one.
    package var voucherCode: String?

    /// Creates a line.
    package init(
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
    package init(_ trip: TripRecord) {
        self.init(
            bookingID: trip.bookingID, status: trip.status, propertyName: trip.summary?.propertyName,
            city: trip.summary?.city, checkIn: trip.checkIn, checkOut: trip.checkOut,
            total: trip.summary?.price.total, voucherCode: trip.voucherCode)
    }

    /// The line a view shows, its text copied into strings.
    package init(_ view: some TripLineContent) {
        func text(_ field: Field) -> String? {
            view.withText(field) { $0.map { String(decoding: $0, as: UTF8.self) } }
        }
        self.init(
            bookingID: BookingID(text(.bookingID) ?? ""), status: view.status, propertyName: text(.propertyName),
            city: text(.city), checkIn: text(.checkIn) ?? "", checkOut: text(.checkOut) ?? "", total: view.total,
            voucherCode: text(.voucherCode))
    }

    package var hasDetails: Bool { propertyName != nil }

    package func withText<Result>(_ field: Field, _ body: (UnsafeRawBufferPointer?) throws -> Result) rethrows
        -> Result
    {
        let value: String? =
            switch field {
            case .bookingID: bookingID.rawValue
            case .propertyName: propertyName
            case .city: city
            case .checkIn: checkIn
            case .checkOut: checkOut
            case .voucherCode: voucherCode
            }
        guard var text = value else { return try body(nil) }
        return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}
