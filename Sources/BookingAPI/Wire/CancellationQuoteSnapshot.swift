import BookingCore

/// A quote of a cancellation as the server answers it (the contract's
/// `CancellationQuote`), decoded strictly: the refund and the penalty in
/// one currency, never negative, and when it stops answering. That they add
/// up to the booking's total is checked against the trip by the caller.
package struct CancellationQuoteSnapshot: Decodable, Hashable, Sendable {
    /// The quote as the library hands it out.
    package let quote: CancellationQuote

    private enum CodingKeys: String, CodingKey { case quoteId, bookingId, version, refund, penalty, expiresAt }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let quoteID = try container.decode(String.self, forKey: .quoteId)
        let refund = try container.decode(Money.self, forKey: .refund)
        let penalty = try container.decode(Money.self, forKey: .penalty)
        let expiresAt = try container.decode(String.self, forKey: .expiresAt)
        guard let milliseconds = Timestamp.unixMilliseconds(expiresAt) else {
            throw DecodingError.dataCorruptedError(
                forKey: .expiresAt, in: container, debugDescription: "not a timestamp: \(expiresAt)")
        }
        guard !quoteID.isEmpty, quoteID.utf8.count <= 64 else {
            throw DecodingError.dataCorruptedError(
                forKey: .quoteId, in: container, debugDescription: "a quote id of 1 to 64 characters")
        }
        guard refund.currency == penalty.currency, refund.minorUnits >= 0, penalty.minorUnits >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .penalty, in: container,
                debugDescription: "the refund and the penalty are not two amounts of one currency")
        }
        quote = CancellationQuote(
            quoteID: quoteID, bookingID: try container.decode(BookingID.self, forKey: .bookingId),
            version: try container.decode(Version.self, forKey: .version), refund: refund, penalty: penalty,
            expiresAtMilliseconds: milliseconds)
    }
}
