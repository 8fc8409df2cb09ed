import BookingCore

// The contract's JSON bodies as the client decodes them: strictly. Every
// field the client relies on is required and typed with the domain type
// that checks it (a negative version, an unknown state, a bad currency or
// amount, an impossible date all fail decoding). Fields the client does not
// use are ignored, so the server can add some.
//
// Each type mirrors one object of Schema/api/openapi.yaml field for field,
// so `OfferListing`, `HoldSnapshot` and `BookingSnapshot` each list the
// stay's fields (property, dates, price; the offer and the booking also the
// room and the guests) as the contract lists them in each object. They are
// not folded into one struct on purpose: read flat from the object's own
// decoder, it would need hand-written coders where the offer and the
// booking have synthesized ones, and the hold is read without the room and
// the guests. Small objects alike in shape (`RoomSummary`,
// `BookingSnapshot.NextAction`, `.Failure`) are each their own object.

/// A place suggestion (`GET /v1/places/suggest`).
public struct PlaceSuggestion: Codable, Hashable, Sendable {
    /// The place's id, for `offers`.
    public let placeId: String
    /// Its name.
    public let name: String
    /// Its country's name.
    public let country: String
}

/// A property as the server describes it.
public struct PropertySummary: Codable, Hashable, Sendable {
    /// The property's id.
    public let id: String
    /// Its name.
    public let name: String
    /// Its city.
    public let city: String
    /// Its street address.
    public let address: String?
    /// Its star rating.
    public let stars: Int?
    /// Its phone number, as the hotel gives it (`+351 21 000 0123`), for the door.
    public let phone: String?
    /// From when the room is ready on the day of arrival, in the hotel's
    /// time (`15:00`).
    public let checkInTime: String?
    /// Until when the room is kept on the day of departure, in the hotel's
    /// time (`11:00`).
    public let checkOutTime: String?
    /// A photo for a results screen (an `https` URL).
    public let photoURL: String?

    private enum CodingKeys: String, CodingKey {
        case id, name, city, address, stars, phone, checkInTime, checkOutTime
        case photoURL = "photoUrl"
    }
}

/// A room type.
public struct RoomSummary: Codable, Hashable, Sendable {
    /// The room type's code.
    public let type: String
    /// Its name.
    public let name: String
}

/// One offer: a room at a property for the asked dates, with a quote.
package struct OfferListing: Codable, Hashable, Sendable {
    /// The offer's id.
    package let offerId: OfferID
    /// The quote's id: a hold is asked for this price.
    package let quoteId: QuoteID
    /// When the server quoted the price (`YYYY-MM-DDTHH:MM:SS.mmmZ`).
    package let quotedAt: String
    /// The property.
    package let property: PropertySummary
    /// The room.
    package let room: RoomSummary
    /// Check-in.
    package let checkIn: CalendarDate
    /// Check-out.
    package let checkOut: CalendarDate
    /// Guests.
    package let guests: Int
    /// The server's breakdown; shown as sent, never summed.
    package let price: PriceBreakdown
    /// What cancelling keeps (absent only from pages a build before it cached).
    package let cancellation: CancellationPolicy?

    /// `quotedAt` in milliseconds since 1970.
    package var quotedAtMilliseconds: Int64? { Timestamp.unixMilliseconds(quotedAt) }
}

/// A page of offers with the server's opaque cursor to the next one.
package struct OfferPage: Codable, Hashable, Sendable {
    /// The offers.
    package let items: [OfferListing]
    /// The cursor for the next page; nil on the last page.
    package let nextCursor: String?
}

/// A hold as the server answers it.
package struct HoldSnapshot: Decodable, Hashable, Sendable {
    /// The hold's id.
    package let holdId: HoldID
    /// `HELD`, `EXPIRED` or `BOOKED`.
    package let state: HoldState
    /// Time left when the server answered, in milliseconds: from 0 to
    /// `longestHoldMilliseconds`.
    package let expiresInMs: Int64
    /// The longest time a hold is granted, a day (the sandbox's longest
    /// hold; every hold also ends with its check-in day): a longer
    /// `expiresInMs` is a bad answer, never a countdown of years.
    package static let longestHoldMilliseconds: Int64 = 86_400_000
    /// The offer held.
    package let offerId: OfferID
    /// The quote held.
    package let quoteId: QuoteID
    /// The price held.
    package let price: PriceBreakdown
    /// The property.
    package let property: PropertySummary
    /// The room, when the server named it.
    package let room: RoomSummary?
    /// Check-in.
    package let checkIn: CalendarDate
    /// Check-out.
    package let checkOut: CalendarDate
    /// The hold's version (rises when it is extended).
    package let version: Version
    /// The booking made from it, if any.
    package let bookingId: BookingID?
    /// The coupon code applied to it, if any (`price` is then the discounted price).
    package let couponCode: String?
    /// What cancelling the booking made from it keeps, when the server said.
    package let cancellation: CancellationPolicy?

    private enum CodingKeys: String, CodingKey {
        case holdId, state, expiresInMs, offerId, quoteId, price, property, room, checkIn, checkOut, version
        case bookingId, couponCode, cancellation
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        holdId = try container.decode(HoldID.self, forKey: .holdId)
        let text = try container.decode(String.self, forKey: .state)
        guard let state = HoldState(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .state, in: container, debugDescription: "unknown hold state \(text)")
        }
        self.state = state
        expiresInMs = try container.decode(Int64.self, forKey: .expiresInMs)
        guard expiresInMs >= 0, expiresInMs <= Self.longestHoldMilliseconds else {
            throw DecodingError.dataCorruptedError(
                forKey: .expiresInMs, in: container,
                debugDescription: "expiresInMs \(expiresInMs) is not from 0 to \(Self.longestHoldMilliseconds)")
        }
        offerId = try container.decode(OfferID.self, forKey: .offerId)
        quoteId = try container.decode(QuoteID.self, forKey: .quoteId)
        price = try container.decode(PriceBreakdown.self, forKey: .price)
        property = try container.decode(PropertySummary.self, forKey: .property)
        room = try container.decodeIfPresent(RoomSummary.self, forKey: .room)
        checkIn = try container.decode(CalendarDate.self, forKey: .checkIn)
        checkOut = try container.decode(CalendarDate.self, forKey: .checkOut)
        version = try container.decode(Version.self, forKey: .version)
        bookingId = try container.decodeIfPresent(BookingID.self, forKey: .bookingId)
        couponCode = try container.decodeIfPresent(String.self, forKey: .couponCode)
        cancellation = try container.decodeIfPresent(CancellationPolicy.self, forKey: .cancellation)
    }
}

/// A booking as every booking endpoint answers it.
package struct BookingSnapshot: Decodable, Hashable, Sendable {
    /// What the client must do next (3-D Secure).
    package struct NextAction: Decodable, Hashable, Sendable {
        /// `redirect`.
        package let type: String
        /// The bank's challenge page.
        package let url: String
    }

    /// Why it failed.
    package struct Failure: Decodable, Hashable, Sendable {
        /// A machine code.
        package let code: String
        /// A message for people.
        package let message: String
    }

    /// The booking's id.
    package let bookingId: BookingID
    /// Its state.
    package let state: BookingStatus
    /// Its version: a snapshot that is not newer than the one held is ignored.
    package let version: Version
    /// The hold it was made from.
    package let holdId: HoldID
    /// The Idempotency-Key it was created under.
    package let idempotencyKey: IdempotencyKey
    /// The property.
    package let property: PropertySummary
    /// The room.
    package let room: RoomSummary
    /// Check-in.
    package let checkIn: CalendarDate
    /// Check-out.
    package let checkOut: CalendarDate
    /// Guests.
    package let guests: Int
    /// The price.
    package let price: PriceBreakdown
    /// What cancelling it keeps, when the server said (the trip keeps it).
    package let cancellation: CancellationPolicy?
    /// The 3-D Secure challenge, in `ACTION_REQUIRED`.
    package let nextAction: NextAction?
    /// The voucher, once confirmed.
    package let voucherCode: String?
    /// Why it failed, in `FAILED`.
    package let failure: Failure?
    /// The money given back, once `CANCELLED` and refunded (pending,
    /// succeeded or failed).
    package let refund: RefundSnapshot?
    /// The lead guest, when the booking was made with one.
    package let guest: GuestDetails?
}

/// A page of the account's bookings.
package struct BookingPage: Decodable, Hashable, Sendable {
    /// The bookings.
    package let items: [BookingSnapshot]
    /// The cursor for the next page; nil on the last page.
    package let nextCursor: String?
}

/// The account's live holds (`GET /v1/holds`): one page, never more.
package struct HoldPage: Decodable, Hashable, Sendable {
    /// The holds, newest first.
    package let items: [HoldSnapshot]
}

/// The sandbox's ledger (`GET /v1/sandbox/ledger`): every charge of the account.
package struct LedgerReport: Decodable, Hashable, Sendable {
    /// One movement of money.
    package struct Entry: Decodable, Hashable, Sendable {
        /// `charge` or `refund`.
        package let kind: String
        /// The Idempotency-Key of the request that moved it.
        package let idempotencyKey: String
        /// The hold paid for.
        package let holdId: String
        /// The booking.
        package let bookingId: String
        /// The amount.
        package let amount: Money
    }

    /// The account.
    package let account: String
    /// Every movement.
    package let entries: [Entry]
    /// Charges in all.
    package let chargeCount: Int
    /// Charges per Idempotency-Key: every value must be 1.
    package let chargesByIdempotencyKey: [String: Int]
    /// Charges per hold: every value must be 1.
    package let chargesByHold: [String: Int]
}
