/// Typed checks of option and argument values. Each turns text into a value
/// or throws a `UsageError` naming the option, the value and why (exit 2).
/// A tool adds its own checks in an extension.
package enum Validate {
    /// A whole number in `range`.
    package static func integer(_ text: String, option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard text.utf8.count <= 12, let value = Int(text), range.contains(value) else {
            throw .invalidValue(
                option: option, value: text,
                reason: "not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A decimal number in `range`.
    package static func decimal(_ text: String, option: String, in range: ClosedRange<Double>) throws(UsageError)
        -> Double
    {
        guard text.utf8.count <= 24, let value = Double(text), value.isFinite, range.contains(value) else {
            throw .invalidValue(
                option: option, value: text, reason: "not a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// One of `choices`.
    package static func choice(_ text: String, option: String, _ choices: [String]) throws(UsageError) -> String {
        guard choices.contains(text) else {
            throw .invalidValue(option: option, value: text, reason: "use one of: \(choices.joined(separator: ", "))")
        }
        return text
    }
}
