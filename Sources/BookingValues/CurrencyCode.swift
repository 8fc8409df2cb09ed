/// An ISO 4217 currency code: exactly three ASCII capital letters, such as `EUR`.
///
/// Only the shape is checked; a well-formed code the table does not know is
/// accepted and displayed with two minor digits.
public struct CurrencyCode: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The three letters.
    public let rawValue: String

    /// A code, or `nil` unless `rawValue` is three ASCII capital letters.
    public init?(rawValue: String) {
        let scalars = Array(rawValue.unicodeScalars)
        guard scalars.count == 3, scalars.allSatisfy({ ("A"..."Z").contains($0) }) else { return nil }
        self.rawValue = rawValue
    }

    /// A code, or `nil` unless `code` is three ASCII capital letters.
    public init?(_ code: String) { self.init(rawValue: code) }

    /// The number of digits after the decimal separator (ISO 4217 "minor
    /// unit"): 0 for JPY, 2 for USD, EUR and GBP, 3 for BHD and KWD; 2 for a
    /// code this table does not list.
    public var minorDigits: Int {
        if Self.zeroDigitCodes.contains(rawValue) { return 0 }
        if Self.threeDigitCodes.contains(rawValue) { return 3 }
        return 2
    }

    /// The code itself.
    public var description: String { rawValue }

    private static let zeroDigitCodes: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG",
        "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF",
    ]
    private static let threeDigitCodes: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
}
