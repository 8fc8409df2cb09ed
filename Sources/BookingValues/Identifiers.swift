/// Identifier types. Each wraps the string the server or the client made;
/// distinct types keep a hold id from being passed where a booking id goes.

/// An id string typed by what it identifies: `TypedID<IDKind.Hold>` and
/// `TypedID<IDKind.Booking>` are different types, so one cannot be passed
/// where the other goes. On the wire and on disk it is the bare string.
public struct TypedID<Kind>: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The id as sent and stored.
    public let rawValue: String
    /// Wraps an id string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an id string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The id string.
    public var description: String { rawValue }
}

/// The markers that tell the id types apart; none is ever made.
public enum IDKind {
    /// Marks an `AttemptID`.
    public enum Attempt {}
    /// Marks an `IdempotencyKey`.
    public enum IdempotencyKey {}
    /// Marks an `OfferID`.
    public enum Offer {}
    /// Marks a `QuoteID`.
    package enum Quote {}
    /// Marks a `HoldID`.
    package enum Hold {}
    /// Marks a `BookingID`.
    public enum Booking {}
}

/// The client's id for one checkout attempt (one row of `booking_attempt`).
public typealias AttemptID = TypedID<IDKind.Attempt>

/// The Idempotency-Key of an attempt: made once (a v4 UUID, outside the
/// reducer), saved before the first request, reused on every retry.
public typealias IdempotencyKey = TypedID<IDKind.IdempotencyKey>

/// The server's id of an offer (a room at a property for given dates).
public typealias OfferID = TypedID<IDKind.Offer>

/// The server's id of a quote (a price at a moment).
package typealias QuoteID = TypedID<IDKind.Quote>

/// The server's id of a hold.
package typealias HoldID = TypedID<IDKind.Hold>

/// The server's id of a booking.
public typealias BookingID = TypedID<IDKind.Booking>
