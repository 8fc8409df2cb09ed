/// A price offered at a moment: the server's quote id, its breakdown and
/// when it was quoted. A hold request names the quote it accepts; a changed
/// price comes back as a new quote.
///
/// Wire form: `{"quoteId": "...", "price": {...}, "quotedAt": <Unix ms>}`.
package struct Quote: Hashable, Codable, Sendable {
    /// The server's id of this quote.
    package let id: QuoteID
    /// The price, line by line.
    public let price: PriceBreakdown
    /// When the server quoted it, in Unix milliseconds (for "prices may have
    /// changed" banners only; never used for a hold).
    public let quotedAt: Int64

    /// A quote.
    package init(id: QuoteID, price: PriceBreakdown, quotedAt: Int64) {
        self.id = id
        self.price = price
        self.quotedAt = quotedAt
    }

    private enum CodingKeys: String, CodingKey {
        case id = "quoteId"
        case price, quotedAt
    }

    /// Decodes strictly: a non-empty id and a non-negative time.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(QuoteID.self, forKey: .id)
        price = try container.decode(PriceBreakdown.self, forKey: .price)
        quotedAt = try container.decode(Int64.self, forKey: .quotedAt)
        guard !id.rawValue.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "Empty quote id")
        }
        guard quotedAt >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .quotedAt, in: container, debugDescription: "Negative quote time")
        }
    }
}
