/// A payment method as the wallet sheet or the provider's SDK hands it over
/// (`tok_visa` on the sandbox). The client never sees card numbers.
public struct PaymentToken: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The token string.
    public let rawValue: String
    /// Wraps a token string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a token string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// The token string.
    public var description: String { rawValue }
}
