import BookingCore

/// What a list line shows, with its text read as bytes: a `TripLine`
/// (strings), or a `TripLineView` (the bytes SQLite holds for the row,
/// no string made). A printer written once for this protocol prints both
/// byte for byte the same.
package protocol TripLineContent {
    /// `CONFIRMED` or `CANCELLED`.
    var status: BookingStatus { get }
    /// What the guest pays; nil when the row has no details.
    var total: Money? { get }
    /// Whether the row has its details (property name, city, total).
    var hasDetails: Bool { get }
    /// Calls `body` with the UTF-8 bytes of `field`, `nil` when it has none.
    /// The bytes are valid only inside `body`.
    func withText<Result>(_ field: TripLine.Field, _ body: (UnsafeRawBufferPointer?) throws -> Result) rethrows
        -> Result
}
