import BookingAPI
import BookingCore
import Foundation

/// How an option's or an argument's text becomes a typed value: what the
/// shell completions offer (`kind`) and the check that turns the text into a
/// value or a `UsageError` naming the option (exit 2).
struct ValueParser<Value: Sendable>: Sendable {
    /// What the value may be, for the parser and the completions.
    let kind: CommandSpec.ValueKind
    /// Turns the text given for `name` into a value, or says why not.
    let parse: @Sendable (_ text: String, _ name: String) throws(UsageError) -> Value
}

extension ValueParser {
    /// The same check, its value turned into another type (an id's text
    /// into a `BookingID`).
    func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> ValueParser<Other> {
        ValueParser<Other>(kind: kind) { (text, name) throws(UsageError) in transform(try parse(text, name)) }
    }
}

extension ValueParser where Value == String {
    /// Any text.
    static var text: Self { Self(kind: .text) { text, _ in text } }

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

    /// Exactly one of `words`.
    static func oneOf(_ words: [String]) -> Self {
        Self(kind: .oneOf(words)) { (text, name) throws(UsageError) in try Validate.choice(text, option: name, words) }
    }

    /// A file's path.
    static var file: Self { Self(kind: .file) { text, _ in text } }

    /// A directory's path, made absolute against the current directory.
    static var directory: Self {
        Self(kind: .directory) { (text, name) throws(UsageError) in
            guard !text.isEmpty, !text.utf8.contains(0) else {
                throw .invalidValue(option: name, value: text, reason: "not a path")
            }
            if text.hasPrefix("/") { return text }
            return (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(text)
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

extension ValueParser where Value == Int {
    /// A whole number in `range`.
    static func integer(in range: ClosedRange<Int>) -> Self {
        Self(kind: .text) { (text, name) throws(UsageError) in
            try Validate.integer(text, option: name, in: range)
        }
    }
}

extension ValueParser where Value == CalendarDate {
    /// A real calendar date, `YYYY-MM-DD`.
    static var date: Self {
        Self(kind: .text) { (text, name) throws(UsageError) in try Validate.date(text, option: name) }
    }
}
