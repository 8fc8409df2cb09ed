import BookingValues

/// A text field of a `booking trips` line.
package enum TripLineField: Sendable {
    case bookingID, checkIn, checkOut, voucherCode, propertyName, city
}

/// What a `booking trips` line shows, its text read as bytes: a `TripRow`
/// (strings), or a row of the listing as SQLite holds it (no string made).
/// One printer (`TripPrinter.appendLine`) prints both byte for byte the same.
package protocol TripLineFields {
    /// `CONFIRMED` or `CANCELLED`.
    var status: BookingStatus { get }
    /// What the guest pays; nil when the row has no details.
    var total: Money? { get }
    /// The refund of a cancelled trip; nil when it has none.
    var refund: Refund? { get }
    /// Calls `body` with the UTF-8 bytes of `field`, `nil` when it has none.
    /// The bytes are valid only inside `body`.
    func withText<Result>(_ field: TripLineField, _ body: (UnsafeRawBufferPointer?) throws -> Result) rethrows
        -> Result
}

extension TripLineFields {
    /// Whether the row has its details (property name, city, total).
    package var hasDetails: Bool { total != nil }
}
