import Foundation

/// How an option's or an argument's text becomes a typed value: what the
/// shell completions offer (`kind`) and the check that turns the text into a
/// value or a `UsageError` naming the option (exit 2).
package struct ValueParser<Value: Sendable>: Sendable {
    /// What the value may be, for the parser and the completions.
    package let kind: CommandSpec.ValueKind
    /// Turns the text given for `name` into a value, or says why not.
    package let parse: @Sendable (_ text: String, _ name: String) throws(UsageError) -> Value

    /// A parser of values of `kind`.
    package init(
        kind: CommandSpec.ValueKind,
        parse: @escaping @Sendable (_ text: String, _ name: String) throws(UsageError) -> Value
    ) {
        self.kind = kind
        self.parse = parse
    }
}

extension ValueParser {
    /// The same check, its value turned into another type (an id's text
    /// into an id type).
    package func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> ValueParser<Other> {
        ValueParser<Other>(kind: kind) { (text, name) throws(UsageError) in transform(try parse(text, name)) }
    }
}

extension ValueParser where Value == String {
    /// Any text.
    package static var text: Self { Self(kind: .text) { text, _ in text } }

    /// Exactly one of `words`.
    package static func oneOf(_ words: [String]) -> Self {
        Self(kind: .oneOf(words)) { (text, name) throws(UsageError) in try Validate.choice(text, option: name, words) }
    }

    /// A file's path.
    package static var file: Self { Self(kind: .file) { text, _ in text } }

    /// A directory's path, made absolute against the current directory.
    package static var directory: Self {
        Self(kind: .directory) { (text, name) throws(UsageError) in
            guard !text.isEmpty, !text.utf8.contains(0) else {
                throw .invalidValue(option: name, value: text, reason: "not a path")
            }
            if text.hasPrefix("/") { return text }
            return (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(text)
        }
    }
}

extension ValueParser where Value == Int {
    /// A whole number in `range`.
    package static func integer(in range: ClosedRange<Int>) -> Self {
        Self(kind: .text) { (text, name) throws(UsageError) in
            try Validate.integer(text, option: name, in: range)
        }
    }
}
