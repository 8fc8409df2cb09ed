/// The server's price for a stay, line by line, exactly as sent. The client
/// shows each line and never sums them: `total` is the server's total.
///
/// Decoding rejects a breakdown whose lines are in different currencies.
public struct PriceBreakdown: Hashable, Codable, Sendable {
    /// The nightly rate.
    public let nightly: Money
    /// Taxes.
    public let taxes: Money
    /// Fees.
    public let fees: Money
    /// What the guest pays, as the server computed it.
    public let total: Money

    /// A breakdown, or `nil` when the lines are not all in one currency.
    package init?(nightly: Money, taxes: Money, fees: Money, total: Money) {
        let currency = total.currency
        guard nightly.currency == currency, taxes.currency == currency, fees.currency == currency else { return nil }
        self.nightly = nightly
        self.taxes = taxes
        self.fees = fees
        self.total = total
    }

    /// The one currency of every line.
    public var currency: CurrencyCode { total.currency }

    private enum CodingKeys: String, CodingKey {
        case nightly, taxes, fees, total
    }

    /// Decodes the four lines and checks they share a currency.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let nightly = try container.decode(Money.self, forKey: .nightly)
        let taxes = try container.decode(Money.self, forKey: .taxes)
        let fees = try container.decode(Money.self, forKey: .fees)
        let total = try container.decode(Money.self, forKey: .total)
        guard let breakdown = PriceBreakdown(nightly: nightly, taxes: taxes, fees: fees, total: total) else {
            throw DecodingError.dataCorruptedError(
                forKey: .total, in: container, debugDescription: "Price lines in more than one currency")
        }
        self = breakdown
    }
}
