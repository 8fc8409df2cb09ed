import BookingAPI
import BookingCommandLine
import BookingCore

/// The checks of `booking`'s own values (dates, ids, the server, the API
/// key), beside the generic ones (`Validate.integer`, `choice`, ...). Each
/// turns text into a value or throws a `UsageError` naming the option, the
/// value and why (exit 2).
extension Validate {
    /// A calendar date, `YYYY-MM-DD`, that exists (`2026-02-30` does not).
    package static func date(_ text: String, option: String) throws(UsageError) -> CalendarDate {
        guard let date = CalendarDate(text) else {
            throw .invalidValue(option: option, value: text, reason: "not a real date in the form YYYY-MM-DD")
        }
        return date
    }

    /// How many guests a search may ask for: the server's limit
    /// (`guests` in `Schema/api/openapi.yaml`).
    package static let guests = 1...8

    /// An identifier as the server makes them: 1 to 64 letters, digits,
    /// `-` and `_` (an offer, a place, a booking, a payment token).
    package static func identifier(_ text: String, name: String) throws(UsageError) -> String {
        let bytes = Array(text.utf8)
        guard (1...64).contains(bytes.count), bytes.allSatisfy(isIdentifierByte) else {
            throw .invalidValue(option: name, value: text, reason: "not an id (1 to 64 letters, digits, '-' or '_')")
        }
        return text
    }

    /// The server's base URL: https, or http to this machine only.
    package static func server(_ text: String, option: String) throws(UsageError) -> ServerAddress {
        do {
            return try ServerAddress(text)
        } catch {
            throw .invalidValue(option: option, value: text, reason: error.description)
        }
    }

    /// An API key: 1 to 128 printable ASCII characters with no spaces (it
    /// goes into a header).
    package static func apiKey(_ text: String, option: String) throws(UsageError) -> String {
        let bytes = Array(text.utf8)
        guard (1...128).contains(bytes.count), bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .invalidSecret(
                option: option, reason: "an API key is 1 to 128 printable ASCII characters with no spaces")
        }
        return text
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}
