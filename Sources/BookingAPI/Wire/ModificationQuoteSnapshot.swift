import BookingCore

/// A quote for new dates of a confirmed booking as the server answers it
/// (the contract's `ModificationQuote`), decoded strictly: the new price,
/// the total paid so far and the signed difference in the same currency,
/// and when it stops answering.
public struct ModificationQuoteSnapshot: Decodable, Hashable, Sendable {
    /// The quote's id, sent with the modification.
    package let quoteId: String
    /// The booking it prices.
    public let bookingId: BookingID
    /// The booking's version it was made for.
    package let version: Version
    /// The new first night.
    public let checkIn: CalendarDate
    /// The day the new stay ends.
    public let checkOut: CalendarDate
    /// The new price.
    public let price: PriceBreakdown
    /// The total paid so far.
    public let previousTotal: Money
    /// The new total minus the total paid: positive to charge, negative to refund.
    public let difference: Money
    /// When it stops answering, in milliseconds since 1970.
    public let expiresAtMilliseconds: Int64

    private enum CodingKeys: String, CodingKey {
        case quoteId, bookingId, version, checkIn, checkOut, price, previousTotal, difference, expiresAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        quoteId = try container.decode(String.self, forKey: .quoteId)
        bookingId = try container.decode(BookingID.self, forKey: .bookingId)
        version = try container.decode(Version.self, forKey: .version)
        checkIn = try container.decode(CalendarDate.self, forKey: .checkIn)
        checkOut = try container.decode(CalendarDate.self, forKey: .checkOut)
        price = try container.decode(PriceBreakdown.self, forKey: .price)
        previousTotal = try container.decode(Money.self, forKey: .previousTotal)
        difference = try SignedMoney.decode(from: container, forKey: .difference)
        let expiresAt = try container.decode(String.self, forKey: .expiresAt)
        guard let milliseconds = Timestamp.unixMilliseconds(expiresAt) else {
            throw DecodingError.dataCorruptedError(
                forKey: .expiresAt, in: container, debugDescription: "not a timestamp: \(expiresAt)")
        }
        expiresAtMilliseconds = milliseconds
        guard checkOut > checkIn, previousTotal.currency == price.total.currency,
            difference.currency == price.total.currency,
            difference.minorUnits == price.total.minorUnits - previousTotal.minorUnits
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .difference, in: container,
                debugDescription: "the difference is not the new total minus the total paid")
        }
    }

    /// The quote as the modify flow holds it.
    package var quote: ModifyFlow.Quote {
        ModifyFlow.Quote(
            quoteID: quoteId, bookingID: bookingId, version: version, checkIn: checkIn, checkOut: checkOut,
            total: price.total, difference: difference)
    }
}

/// A modification applied, as the server answers it (the contract's
/// `Modification`): the quote, the difference, its ledger entry (`nil`
/// when the new dates cost the same) and the booking at its new version.
package struct ModificationSnapshot: Decodable, Hashable, Sendable {
    /// The quote applied.
    package let quoteId: String
    /// The difference charged (positive) or refunded (negative).
    package let difference: Money
    /// The ledger entry of the difference; nil when nothing moved.
    package let entryId: String?
    /// The booking at its new version.
    package let booking: BookingSnapshot

    private enum CodingKeys: String, CodingKey { case quoteId, difference, entryId, booking }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        quoteId = try container.decode(String.self, forKey: .quoteId)
        difference = try SignedMoney.decode(from: container, forKey: .difference)
        entryId = try container.decodeIfPresent(String.self, forKey: .entryId)
        booking = try container.decode(BookingSnapshot.self, forKey: .booking)
    }
}

/// `{"amount": <integer, maybe negative>, "currency": "<ISO code>"}`: a
/// difference (a `Money` on the wire is never negative).
enum SignedMoney {
    private struct Wire: Decodable {
        let amount: Int64
        let currency: String
    }

    static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Money {
        let wire = try container.decode(Wire.self, forKey: key)
        guard let currency = CurrencyCode(wire.currency) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "not an ISO 4217 code")
        }
        return Money(minorUnits: wire.amount, currency: currency)
    }
}
