import BookingAPI
import BookingCore

/// Typed checks of option and argument values. Each turns text into a value
/// or throws a `UsageError` naming the option, the value and why (exit 2).
public enum Validate {
    /// A calendar date, `YYYY-MM-DD`, that exists (`2026-02-30` does not).
    public static func date(_ text: String, option: String) throws(UsageError) -> CalendarDate {
        guard let date = CalendarDate(text) else {
            throw .invalidValue(option: option, value: text, reason: "not a real date in the form YYYY-MM-DD")
        }
        return date
    }

    /// How many guests a search may ask for: the server's limit
    /// (`guests` in `Schema/api/openapi.yaml`).
    public static let guests = 1...8

    /// A whole number in `range`.
    public static func integer(_ text: String, option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard text.utf8.count <= 12, let value = Int(text), range.contains(value) else {
            throw .invalidValue(
                option: option, value: text,
                reason: "not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A decimal number in `range`.
    public static func decimal(_ text: String, option: String, in range: ClosedRange<Double>) throws(UsageError)
        -> Double
    {
        guard text.utf8.count <= 24, let value = Double(text), value.isFinite, range.contains(value) else {
            throw .invalidValue(
                option: option, value: text, reason: "not a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// An identifier as the server makes them: 1 to 64 letters, digits,
    /// `-` and `_` (an offer, a place, a booking, a payment token).
    public static func identifier(_ text: String, name: String) throws(UsageError) -> String {
        let bytes = Array(text.utf8)
        guard (1...64).contains(bytes.count), bytes.allSatisfy(isIdentifierByte) else {
            throw .invalidValue(option: name, value: text, reason: "not an id (1 to 64 letters, digits, '-' or '_')")
        }
        return text
    }

    /// The server's base URL: https, or http to this machine only.
    public static func server(_ text: String, option: String) throws(UsageError) -> ServerAddress {
        do {
            return try ServerAddress(text)
        } catch {
            throw .invalidValue(option: option, value: text, reason: error.description)
        }
    }

    /// An API key: 1 to 128 printable ASCII characters with no spaces (it
    /// goes into a header).
    public static func apiKey(_ text: String, option: String) throws(UsageError) -> String {
        let bytes = Array(text.utf8)
        guard (1...128).contains(bytes.count), bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .invalidSecret(
                option: option, reason: "an API key is 1 to 128 printable ASCII characters with no spaces")
        }
        return text
    }

    /// One of `choices`.
    public static func choice(_ text: String, option: String, _ choices: [String]) throws(UsageError) -> String {
        guard choices.contains(text) else {
            throw .invalidValue(option: option, value: text, reason: "use one of: \(choices.joined(separator: ", "))")
        }
        return text
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}
