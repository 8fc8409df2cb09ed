/// Identifier types. Each wraps the string the server or the client made;
/// distinct types keep a hold id from being passed where a booking id goes.

/// The client's id for one checkout attempt (one row of `booking_attempt`).
public struct AttemptID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The id as sent and stored.
    public let rawValue: String
    /// Wraps an id string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an id string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The id string.
    public var description: String { rawValue }
}

/// The Idempotency-Key of an attempt: made once (a v4 UUID, outside the
/// reducer), saved before the first request, reused on every retry.
public struct IdempotencyKey: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The id as sent and stored.
    public let rawValue: String
    /// Wraps an id string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an id string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The id string.
    public var description: String { rawValue }
}

/// The server's id of an offer (a room at a property for given dates).
public struct OfferID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The id as sent and stored.
    public let rawValue: String
    /// Wraps an id string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an id string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The id string.
    public var description: String { rawValue }
}

/// The server's id of a quote (a price at a moment).
public struct QuoteID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The id as sent and stored.
    public let rawValue: String
    /// Wraps an id string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an id string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The id string.
    public var description: String { rawValue }
}

/// The server's id of a hold.
public struct HoldID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The id as sent and stored.
    public let rawValue: String
    /// Wraps an id string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an id string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The id string.
    public var description: String { rawValue }
}

/// The server's id of a booking.
public struct BookingID: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The id as sent and stored.
    public let rawValue: String
    /// Wraps an id string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an id string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The id string.
    public var description: String { rawValue }
}
