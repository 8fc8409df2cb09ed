import BookingCore
import SQLite

/// One row of `TripTable.forEachLineView`, checked, with its text left
/// where SQLite holds it: `withText` hands the bytes over and no `String`
/// is made. Valid only inside the call it is passed to (the next row
/// frees the bytes); copy what must outlive it (`TripLine(view)`).
public struct TripLineView: TripLineContent {
    // Not retained per row: a view lives only inside the walk that holds
    // the statement.
    @usableFromInline unowned(unsafe) let row: Statement
    public let status: BookingStatus
    public let total: Money?

    init(row: Statement, status: BookingStatus, total: Money?) {
        self.row = row
        self.status = status
        self.total = total
    }

    /// A row with details always has its total (`TripTable` checks it).
    public var hasDetails: Bool { total != nil }

    @inlinable
    public func withText<Result>(_ field: TripLine.Field, _ body: (UnsafeRawBufferPointer?) throws -> Result)
        rethrows -> Result
    {
        try row.withBytes(at: Self.column(field), body)
    }

    /// The column of `field` in `TripTable`'s line query.
    @inlinable
    static func column(_ field: TripLine.Field) -> Int32 {
        switch field {
        case .bookingID: 0
        case .checkIn: 2
        case .checkOut: 3
        case .voucherCode: 4
        case .propertyName: 5
        case .city: 6
        }
    }
}
