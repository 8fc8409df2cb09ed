import BookingCore

/// One row of `TripTable.forEachLineView`, checked, with its text left
/// where SQLite holds it: `withText` hands the bytes over and no `String`
/// is made. Valid only inside the call it is passed to (the next row
/// frees the bytes); copy what must outlive it (`TripLine(view)`).
public struct TripLineView: TripLineContent {
    // Each text column read once, where SQLite holds it for this row;
    // `withText` is inlinable, so a caller's copy is the copy alone.
    @usableFromInline let bookingID: UnsafeRawBufferPointer?
    @usableFromInline let checkIn: UnsafeRawBufferPointer?
    @usableFromInline let checkOut: UnsafeRawBufferPointer?
    @usableFromInline let voucherCode: UnsafeRawBufferPointer?
    @usableFromInline let propertyName: UnsafeRawBufferPointer?
    @usableFromInline let city: UnsafeRawBufferPointer?
    public let status: BookingStatus
    public let total: Money?

    /// The view of a row of `TripTable`'s line query, its status and total
    /// already checked, the text columns as `Statement.unsafeBytes` gave them.
    init(
        texts: (
            bookingID: UnsafeRawBufferPointer?, checkIn: UnsafeRawBufferPointer?, checkOut: UnsafeRawBufferPointer?,
            voucherCode: UnsafeRawBufferPointer?, propertyName: UnsafeRawBufferPointer?, city: UnsafeRawBufferPointer?
        ),
        status: BookingStatus, total: Money?
    ) {
        (bookingID, checkIn, checkOut, voucherCode, propertyName, city) = texts
        self.status = status
        self.total = total
    }

    /// A row with details always has its total (`TripTable` checks it).
    public var hasDetails: Bool { total != nil }

    @inlinable
    public func withText<Result>(_ field: TripLine.Field, _ body: (UnsafeRawBufferPointer?) throws -> Result)
        rethrows -> Result
    {
        switch field {
        case .bookingID: try body(bookingID)
        case .checkIn: try body(checkIn)
        case .checkOut: try body(checkOut)
        case .voucherCode: try body(voucherCode)
        case .propertyName: try body(propertyName)
        case .city: try body(city)
        }
    }
}
