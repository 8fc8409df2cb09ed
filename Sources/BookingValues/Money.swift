/// An amount of money as the server sent it: whole minor units (cents for
/// EUR, yen for JPY, fils for BHD) and a currency.
///
/// Deliberately offers no arithmetic: the client never adds, subtracts or
/// converts money; it shows the server's numbers. It is not `Comparable`
/// either, since amounts in two currencies have no order.
///
/// Wire form: `{"amount": 12345, "currency": "EUR"}`. Decoding rejects a
/// fractional, negative or out-of-range amount and a malformed code.
public struct Money: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The amount in minor units of `currency`.
    public let minorUnits: Int64
    /// The ISO 4217 currency.
    public let currency: CurrencyCode

    /// An amount of `minorUnits` of `currency`.
    public init(minorUnits: Int64, currency: CurrencyCode) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// The amount with the currency's own number of minor digits, a `.`
    /// separator and `,` grouping, after the code: `EUR 1,234.50`,
    /// `JPY 12,000`, `BHD 1.250`, `EUR -5.00`. Locale-independent on purpose,
    /// so logs and tests read the same everywhere.
    public var formatted: String {
        let digits = currency.minorDigits
        var divisor: UInt64 = 1
        for _ in 0..<digits { divisor *= 10 }
        let magnitude = minorUnits.magnitude
        let whole = magnitude / divisor
        let fraction = magnitude % divisor
        var text = Self.grouped(whole)
        if digits > 0 {
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return "\(currency.rawValue) \(minorUnits < 0 ? "-" : "")\(text)"
    }

    /// Same as `formatted`.
    public var description: String { formatted }

    private static func grouped(_ value: UInt64) -> String {
        let plain = Array(String(value))
        var out = ""
        for (index, character) in plain.enumerated() {
            if index > 0 && (plain.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }

    private enum CodingKeys: String, CodingKey {
        case amount
        case currency
    }

    /// Decodes `{"amount": <non-negative integer>, "currency": "<ISO code>"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let amount = try container.decode(Int64.self, forKey: .amount)
        guard amount >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .amount, in: container, debugDescription: "A price is never negative: \(amount)")
        }
        let code = try container.decode(String.self, forKey: .currency)
        guard let currency = CurrencyCode(code) else {
            throw DecodingError.dataCorruptedError(
                forKey: .currency, in: container, debugDescription: "Not an ISO 4217 code")
        }
        self.init(minorUnits: amount, currency: currency)
    }

    /// Encodes the wire form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(minorUnits, forKey: .amount)
        try container.encode(currency.rawValue, forKey: .currency)
    }
}
