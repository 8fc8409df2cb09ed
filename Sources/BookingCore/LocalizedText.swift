/// A text on screen as an app localizes it: a stable key, the English
/// default, and the values that fill its placeholders, in order.
///
/// Look the key up in the app's string table; when it has no entry, show
/// `defaultValue` (English, already filled in). In the table, write the
/// arguments as `%1$@`, `%2$@`, ... in the order of `arguments`.
public struct LocalizedText: Hashable, Sendable, CustomStringConvertible {
    /// The key, e.g. `booking.title.held`: stable across releases.
    public let key: String
    /// The English text, with the arguments filled in.
    public let defaultValue: String
    /// The values of the placeholders, in order (dates, prices, names).
    public let arguments: [String]

    /// A text.
    public init(key: String, defaultValue: String, arguments: [String] = []) {
        self.key = key
        self.defaultValue = defaultValue
        self.arguments = arguments
    }

    /// The English default.
    public var description: String { defaultValue }
}
