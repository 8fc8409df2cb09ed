/// The server keeping a room for the user for a while: the answer of
/// `POST /v1/holds` and of `GET /v1/holds/{id}`.
///
/// `expiresInMs` is a duration the server computed when it answered, never an
/// end time: it does not depend on any device clock. The client counts it
/// down on a monotonic clock (`HoldCountdown`).
///
/// Wire form: `{"holdId": "...", "expiresInMs": 600000, "price": {...}}`.
package struct Hold: Hashable, Codable, Sendable {
    /// The server's id of the hold.
    package let id: HoldID
    /// How long the server keeps the room from the moment it answered, in ms.
    package let expiresInMs: Int64
    /// The price the hold was granted at (re-quoted by a coupon code, once one is applied).
    public let price: PriceBreakdown
    /// The coupon code applied to the hold, if any: `price` is then the
    /// discounted price the user asked for, not the offer's.
    public let couponCode: String?

    /// A hold, or `nil` for an empty id or a negative duration.
    package init?(id: HoldID, expiresInMs: Int64, price: PriceBreakdown, couponCode: String? = nil) {
        guard !id.rawValue.isEmpty, expiresInMs >= 0 else { return nil }
        self.id = id
        self.expiresInMs = expiresInMs
        self.price = price
        self.couponCode = couponCode
    }

    /// `expiresInMs` as a `Duration`.
    public var expiresIn: Duration { .milliseconds(expiresInMs) }

    private enum CodingKeys: String, CodingKey {
        case id = "holdId"
        case expiresInMs, price, couponCode
    }

    /// Decodes strictly.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard
            let hold = Hold(
                id: try container.decode(HoldID.self, forKey: .id),
                expiresInMs: try container.decode(Int64.self, forKey: .expiresInMs),
                price: try container.decode(PriceBreakdown.self, forKey: .price),
                couponCode: try container.decodeIfPresent(String.self, forKey: .couponCode)
            )
        else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: "Hold with an empty id or a negative duration"))
        }
        self = hold
    }
}
