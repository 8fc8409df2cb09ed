// The sandbox's wire representation: what its JSON bodies look like, one
// type for each object of the contract, Schema/api/openapi.yaml (`MoneyBody`
// is its `Money`, `PriceBody` its `Price`, `HoldBody` its `Hold`...), named
// `...Body` so that none is mistaken for BookingCore's domain types.
//
// Deliberately not BookingAPI's wire models (Sources/BookingAPI/Wire/
// WireModels.swift), which read the same JSON on the client: those decode
// strictly, into domain types, only the fields the client uses; these write
// every field the contract requires, as plain JSON values. The two ends keep
// their own declarations so that they cannot agree on a mistake: the contract
// check (scripts/sandbox-contract-check.sh: every answer validated against
// openapi.yaml) holds this side to the contract, and the client's tests run
// it against this server. The objects below share field shapes only because
// the contract's objects do (an id, a name, a few numbers); each is its own.
// The contract's enums of states are BookingCore's `HoldState` and
// `BookingStatus`, one list for both ends (their raw values are the
// contract's words, which the contract check holds to openapi.yaml).

import BookingCore

/// An amount in integer minor units of an ISO 4217 currency.
struct MoneyBody: Codable, Equatable, Sendable {
    var amount: Int64
    var currency: String
}

/// The server's price breakdown. `total` is computed by the server; the
/// client shows it and never adds the parts.
struct PriceBody: Codable, Equatable, Sendable {
    /// The rate of one night.
    var nightly: MoneyBody
    var nights: Int
    var taxes: MoneyBody
    var fees: MoneyBody
    var total: MoneyBody
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
    /// The front desk, in international form.
    var phone: String
    /// From when the room is ready, and until when it is kept, in the hotel's time (`HH:MM`).
    var checkInTime: String
    var checkOutTime: String
    /// A photo for a results screen.
    var photoUrl: String
}

/// A room type of a property.
struct RoomBody: Codable, Equatable, Sendable {
    var type: String
    var name: String
    var maxGuests: Int
}

/// The stay an offer, a hold and a booking all describe: the property, the
/// room, the dates, the guests and the server's price. Written flat into
/// the body that carries it (`Carrying`), as the contract shows it.
struct StayBody: Codable, Equatable, Sendable {
    var property: PropertyBody
    var room: RoomBody
    var checkIn: String
    var checkOut: String
    var guests: Int
    var price: PriceBody
    /// The terms of cancelling (`CancellationPolicyBody.forStay`).
    var cancellation: CancellationPolicyBody
}

/// A body made of its own `fields` and a `stay`, both in one JSON object;
/// the fields read through as if they were the body's own.
@dynamicMemberLookup
struct Carrying<Fields: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    var fields: Fields
    var stay: StayBody

    subscript<Value>(dynamicMember path: KeyPath<Fields, Value>) -> Value { fields[keyPath: path] }

    init(_ fields: Fields, stay: StayBody) {
        self.fields = fields
        self.stay = stay
    }

    init(from decoder: any Decoder) throws {
        fields = try Fields(from: decoder)
        stay = try StayBody(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try fields.encode(to: encoder)
        try stay.encode(to: encoder)
    }
}

/// One offer: a room at a property for the asked dates and guests, with a quote.
typealias OfferBody = Carrying<OfferFields>

/// An offer's own fields, beside its stay.
struct OfferFields: Codable, Equatable, Sendable {
    var offerId: String
    var quoteId: String
    var quotedAt: String
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
typealias HoldBody = Carrying<HoldFields>

/// A hold's own fields, beside its stay.
struct HoldFields: Codable, Equatable, Sendable {
    var holdId: String
    var state: HoldState
    /// Time left, computed when the response is made (0 once expired).
    var expiresInMs: Int64
    var offerId: String
    var quoteId: String
    var version: Int64
    var extensionsLeft: Int
    var bookingId: String?
    /// The coupon code applied (`POST /v1/holds/{holdId}/coupon`), if any.
    var couponCode: String? = nil
}

/// What the client must do next (3-D Secure).
struct NextActionBody: Codable, Equatable, Sendable {
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
typealias BookingBody = Carrying<BookingFields>

/// A booking's own fields, beside its stay.
struct BookingFields: Codable, Equatable, Sendable {
    var bookingId: String
    /// The sandbox sends all but `HELD` and `PAYMENT_REQUIRED`.
    var state: BookingStatus
    var version: Int64
    var holdId: String
    var offerId: String
    var idempotencyKey: String
    var nextAction: NextActionBody?
    var voucherCode: String?
    var failure: FailureBody?
    /// Only when `CANCELLED`: the money given back.
    var refund: RefundBody?
    /// The lead guest, when the booking was made with one.
    var guest: GuestBody? = nil
    var createdAt: String
    var updatedAt: String
}

/// The refund of a cancelled booking (the ledger's `refund` entry).
struct RefundBody: Codable, Equatable, Sendable {
    /// `PENDING`, `SUCCEEDED` or `FAILED`.
    enum State: String, Codable, Sendable {
        case pending = "PENDING"
        case succeeded = "SUCCEEDED"
        case failed = "FAILED"
    }

    var refundId: String
    var amount: MoneyBody
    var state: State
    var createdAt: String
    var updatedAt: String
}

/// One movement of money.
struct LedgerEntryBody: Codable, Equatable, Sendable {
    var entryId: String
    /// `charge` (a payment), `refund` (a cancellation's), `difference_charge`
    /// or `difference_refund` (a change of dates').
    var kind: String
    var account: String
    var idempotencyKey: String
    var holdId: String
    var bookingId: String
    var amount: MoneyBody
    var createdAt: String
}

/// `GET /v1/sandbox/ledger`: the account's money movements, the charge
/// counts (payments only) and what they add up to.
struct LedgerBody: Codable, Equatable, Sendable {
    var account: String
    var entries: [LedgerEntryBody]
    var chargeCount: Int
    var refundCount: Int
    /// Entries of modifications' differences (`difference_charge`, `difference_refund`).
    var differenceCount: Int
    var chargesByIdempotencyKey: [String: Int]
    var chargesByHold: [String: Int]
    var chargesByBooking: [String: Int]
    /// Per currency, every entry added up.
    var totals: [LedgerTotalBody]
    /// Per booking, what the account paid for it in the end: its charges
    /// minus its refunds, differences included.
    var paidByBooking: [String: MoneyBody]
}

/// Every entry of a ledger in one currency, added up.
struct LedgerTotalBody: Codable, Equatable, Sendable {
    /// Payments and differences charged.
    var charged: MoneyBody
    /// Refunds and differences refunded.
    var refunded: MoneyBody
    /// `charged` minus `refunded`: what the account paid in the end.
    var paid: MoneyBody
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
    var price: PriceBody?
    var quoteId: String?
    /// HOLD_ALREADY_BOOKED: the booking holding the room.
    var bookingId: String?
    /// VERSION_CONFLICT: the booking's current version; BOOKING_NOT_CANCELLABLE: its state.
    var version: Int64?
    var state: BookingStatus?
    /// QUOTE_EXPIRED: a new quote for the same dates at the booking's
    /// version (none when the room is no longer free on them).
    var quote: ModificationQuoteBody?
    /// QUOTE_EXPIRED, QUOTE_CHANGED on a cancel: the booking's cancellation
    /// quoted again, at its current version.
    var cancellationQuote: CancellationQuoteBody?
}

/// A quote for new dates of a confirmed booking, at one of its versions:
/// the new price, the total paid so far and the difference (positive: to
/// charge, negative: to refund, in the booking's currency).
struct ModificationQuoteBody: Codable, Equatable, Sendable {
    var quoteId: String
    var bookingId: String
    /// The booking's version the quote was made for.
    var version: Int64
    var checkIn: String
    var checkOut: String
    var price: PriceBody
    var previousTotal: MoneyBody
    var difference: MoneyBody
    var expiresAt: String
}

/// A modification applied: the quote, the difference and its ledger entry
/// (`null` when the new dates cost the same), and the booking at its new version.
struct ModificationBody: Codable, Equatable, Sendable {
    var quoteId: String
    var difference: MoneyBody
    var entryId: String?
    var booking: BookingBody

    enum CodingKeys: String, CodingKey { case quoteId, difference, entryId, booking }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(quoteId, forKey: .quoteId)
        try container.encode(difference, forKey: .difference)
        try container.encode(entryId, forKey: .entryId)  // null when nothing moved, as the contract says
        try container.encode(booking, forKey: .booking)
    }
}

/// `POST /v1/bookings/close-key`: the key, and either the booking made
/// under it (`USED`) or the key closed (`CLOSED`, `booking` null).
struct KeyClosureBody: Encodable, Sendable {
    enum State: String, Encodable, Sendable {
        case used = "USED"
        case closed = "CLOSED"
    }

    var idempotencyKey: String
    var state: State
    var booking: BookingBody?

    enum CodingKeys: String, CodingKey { case idempotencyKey, state, booking }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(idempotencyKey, forKey: .idempotencyKey)
        try container.encode(state, forKey: .state)
        try container.encode(booking, forKey: .booking)  // null when closed, as the contract says
    }
}
