// The sandbox's wire representation: what its JSON bodies look like.
// Schema/api/openapi.yaml describes the same shapes.

/// An amount in integer minor units of an ISO 4217 currency.
struct Money: Codable, Equatable, Sendable {
    var amount: Int64
    var currency: String
}

/// The server's price breakdown. `total` is computed by the server; the
/// client shows it and never adds the parts.
struct PriceBreakdown: Codable, Equatable, Sendable {
    /// The rate of one night.
    var nightly: Money
    var nights: Int
    var taxes: Money
    var fees: Money
    var total: Money
}

/// A place a search starts from (a city).
struct PlaceBody: Codable, Equatable, Sendable {
    var placeId: String
    var name: String
    var country: String
    var countryCode: String
    var currency: String
    var lat: Double
    var lon: Double
}

/// A property as sent in offers, holds and bookings.
struct PropertyBody: Codable, Equatable, Sendable {
    var id: String
    var name: String
    var city: String
    var placeId: String
    var countryCode: String
    var address: String
    var lat: Double
    var lon: Double
    var stars: Int
}

/// A room type of a property.
struct RoomBody: Codable, Equatable, Sendable {
    var type: String
    var name: String
    var maxGuests: Int
}

/// One offer: a room at a property for the asked dates and guests, with a quote.
struct OfferBody: Codable, Equatable, Sendable {
    var offerId: String
    var quoteId: String
    var quotedAt: String
    var property: PropertyBody
    var room: RoomBody
    var checkIn: String
    var checkOut: String
    var guests: Int
    var price: PriceBreakdown
}

/// A page of items with an opaque cursor to the next page (`null` at the end).
struct Page<Item: Encodable & Sendable>: Encodable, Sendable {
    var items: [Item]
    var nextCursor: String?

    enum CodingKeys: String, CodingKey { case items, nextCursor }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}

/// `GET /v1/places/suggest`.
struct PlaceList: Encodable, Sendable {
    var items: [PlaceBody]
}

/// A hold as sent by `POST /v1/holds`, `GET /v1/holds/{id}` and the extend call.
struct HoldBody: Codable, Equatable, Sendable {
    var holdId: String
    /// `HELD`, `EXPIRED` or `BOOKED`.
    var state: String
    /// Time left, computed when the response is made (0 once expired).
    var expiresInMs: Int64
    var offerId: String
    var quoteId: String
    var price: PriceBreakdown
    var property: PropertyBody
    var room: RoomBody
    var checkIn: String
    var checkOut: String
    var guests: Int
    var version: Int64
    var extensionsLeft: Int
    var bookingId: String?
}

/// What the client must do next (3-D Secure).
struct NextAction: Codable, Equatable, Sendable {
    var type: String
    var url: String
}

/// Why a booking failed.
struct FailureBody: Codable, Equatable, Sendable {
    var code: String
    var message: String
    var declineCode: String?
}

/// A booking, as every booking endpoint sends it.
struct BookingBody: Codable, Equatable, Sendable {
    var bookingId: String
    var state: String
    var version: Int64
    var holdId: String
    var offerId: String
    var idempotencyKey: String
    var property: PropertyBody
    var room: RoomBody
    var checkIn: String
    var checkOut: String
    var guests: Int
    var price: PriceBreakdown
    var nextAction: NextAction?
    var voucherCode: String?
    var failure: FailureBody?
    var createdAt: String
    var updatedAt: String
}

/// One movement of money.
struct LedgerEntryBody: Codable, Equatable, Sendable {
    var entryId: String
    /// `charge` or `refund`.
    var kind: String
    var account: String
    var idempotencyKey: String
    var holdId: String
    var bookingId: String
    var amount: Money
    var createdAt: String
}

/// `GET /v1/sandbox/ledger`: the account's money movements and charge counts.
struct LedgerBody: Codable, Equatable, Sendable {
    var account: String
    var entries: [LedgerEntryBody]
    var chargeCount: Int
    var refundCount: Int
    var chargesByIdempotencyKey: [String: Int]
    var chargesByHold: [String: Int]
    var chargesByBooking: [String: Int]
}

/// `GET /v1/sandbox/config`: the published settings.
struct ConfigBody: Codable, Equatable, Sendable {
    var holdTtlMs: Int64
    var maximumHoldExtensions: Int
    var idempotencyKeyLifetimeSeconds: Int64
    var retryAfterSeconds: Int
    var inventorySeed: String
    var faultRates: [String: Double]
    var paymentTokens: [String]
    var faults: [String]
}

/// The body of every error: `{"error": {...}}`.
struct ErrorEnvelope: Codable, Equatable, Sendable {
    var error: ErrorDetail
}

/// An error's machine code, message and the extras some codes carry.
struct ErrorDetail: Codable, Equatable, Sendable {
    var code: String
    var message: String
    /// VALIDATION_ERROR: the offending field or parameter.
    var field: String?
    /// PRICE_CHANGED: the new price and its quote.
    var price: PriceBreakdown?
    var quoteId: String?
    /// HOLD_ALREADY_BOOKED: the booking holding the room.
    var bookingId: String?
    /// VERSION_CONFLICT: the booking's current version; BOOKING_NOT_CANCELLABLE: its state.
    var version: Int64?
    var state: String?
}
