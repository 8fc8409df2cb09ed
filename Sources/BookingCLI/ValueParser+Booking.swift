import BookingAPI
import BookingCommandLine
import BookingCore

/// The parsers of `booking`'s own values, beside the generic ones
/// (`ValueParser.text`, `oneOf`, `file`, `directory`, `integer`).
extension ValueParser where Value == String {
    /// An identifier as the server makes them (`Validate.identifier`).
    static var identifier: Self {
        Self(kind: .text) { (text, name) throws(UsageError) in try Validate.identifier(text, name: name) }
    }

    /// An identifier, offering `words` in the completions.
    static func identifier(suggesting words: [String]) -> Self {
        Self(kind: .suggested(words)) { (text, name) throws(UsageError) in
            try Validate.identifier(text, name: name)
        }
    }

    /// An API key (`Validate.apiKey`: never echoed).
    static var apiKey: Self {
        Self(kind: .text) { (text, name) throws(UsageError) in try Validate.apiKey(text, option: name) }
    }
}

extension ValueParser where Value == ServerAddress {
    /// The server's base URL (`Validate.server`).
    static var server: Self {
        Self(kind: .text) { (text, name) throws(UsageError) in try Validate.server(text, option: name) }
    }
}

extension ValueParser where Value == CalendarDate {
    /// A real calendar date, `YYYY-MM-DD`.
    static var date: Self {
        Self(kind: .text) { (text, name) throws(UsageError) in try Validate.date(text, option: name) }
    }
}
