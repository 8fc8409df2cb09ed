import BookingCore

/// One row of `TripTable.forEachLineView`, checked, with its text left
/// where SQLite holds it: `withText` hands the bytes over and no `String`
/// is made. Valid only inside the call it is passed to (the next row
/// frees the bytes); copy what must outlive it (`TripLine(view)`).
package struct TripLineView: TripLineContent {
    // Each text column read once, where SQLite holds it for this row;
    // `withText` is inlinable, so a caller's copy is the copy alone.
    @usableFromInline let bookingID: UnsafeRawBufferPointer?
    @usableFromInline let checkIn: UnsafeRawBufferPointer?
    @usableFromInline let checkOut: UnsafeRawBufferPointer?
    @usableFromInline let voucherCode: UnsafeRawBufferPointer?
    @usableFromInline let propertyName: UnsafeRawBufferPointer?
    @usableFromInline let city: UnsafeRawBufferPointer?
    @usableFromInline let currency: UnsafeRawBufferPointer?
    @usableFromInline let minorUnits: Int64
    package let status: BookingStatus

    /// The view of a row of `TripTable`'s line query, its status and total
    /// already checked, the text columns as `Statement.unsafeBytes` gave them
    /// (`total`: the amount and the bytes of its checked currency code, `nil`
    /// for a row without details). It holds no `Money` (a currency `String`
    /// to make and destroy on every row: BENCHMARKS.md), only pointers and
    /// integers.
    init(
        texts: (
            bookingID: UnsafeRawBufferPointer?, checkIn: UnsafeRawBufferPointer?, checkOut: UnsafeRawBufferPointer?,
            voucherCode: UnsafeRawBufferPointer?, propertyName: UnsafeRawBufferPointer?, city: UnsafeRawBufferPointer?
        ),
        status: BookingStatus, total: (minorUnits: Int64, currency: UnsafeRawBufferPointer)?
    ) {
        (bookingID, checkIn, checkOut, voucherCode, propertyName, city) = texts
        self.status = status
        currency = total?.currency
        minorUnits = total?.minorUnits ?? 0
    }

    /// What the guest pays; nil when the row has no details. Made from the
    /// row's bytes when asked (the listing checked them as a code): a
    /// reader that copies bytes takes `totalMinorUnits` and
    /// `unsafeCurrencyBytes` instead.
    package var total: Money? {
        guard let currency, let code = CurrencyCode(rawValue: String(decoding: currency, as: UTF8.self)) else {
            return nil
        }
        return Money(minorUnits: minorUnits, currency: code)
    }

    /// A row with details always has its total (`TripTable` checks it).
    package var hasDetails: Bool { currency != nil }

    /// `total.minorUnits`, read with no copy of the `Money` (0 with no total).
    @inlinable
    package var totalMinorUnits: Int64 { minorUnits }

    /// The bytes of `total.currency` as SQLite holds them for this row (the
    /// three checked letters), `nil` with no total; valid as `unsafeBytes(of:)`.
    @inlinable
    package var unsafeCurrencyBytes: UnsafeRawBufferPointer? { currency }

    @inlinable
    package func withText<Result>(_ field: TripLine.Field, _ body: (UnsafeRawBufferPointer?) throws -> Result)
        rethrows -> Result
    {
        try body(unsafeBytes(of: field))
    }

    /// The UTF-8 bytes of `field` as SQLite holds them for this row, `nil`
    /// when it has none, with no closure: for a reader that copies several
    /// fields of one row (a printer). They are valid only while the view
    /// is (inside the call it was passed to); the caller keeps to that.
    @inlinable @inline(__always)
    package func unsafeBytes(of field: TripLine.Field) -> UnsafeRawBufferPointer? {
        switch field {
        case .bookingID: bookingID
        case .checkIn: checkIn
        case .checkOut: checkOut
        case .voucherCode: voucherCode
        case .propertyName: propertyName
        case .city: city
        }
    }
}
