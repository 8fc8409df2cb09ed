import BookingPrimitives

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
    package init(key: String, defaultValue: String, arguments: [String] = []) {
        self.key = key
        self.defaultValue = defaultValue
        self.arguments = arguments
    }

    /// The English default.
    public var description: String { defaultValue }
}

extension LocalizedText {
    /// The English text as a translator translates it: `defaultValue` with
    /// each argument replaced by its positional placeholder (`%1$@` for the
    /// first, `%2$@` for the second, ...) and a literal `%` written `%%`.
    /// A translation keeps the placeholders, in any order;
    /// `filling(_:)` puts the arguments back.
    ///
    /// `LocalizedText(key: "k", defaultValue: "Hold a room at Casa Azul", arguments: ["Casa Azul"]).format`
    /// is `"Hold a room at %1$@"`.
    package var format: String {
        // Literal pieces and placeholders: an argument is looked for in the
        // literals only, after the previous argument first (arguments come
        // in reading order; two equal ones take their places in turn).
        var pieces: [(text: String, isPlaceholder: Bool)] = [(defaultValue, false)]
        var after = 0
        for (index, argument) in arguments.enumerated() where !argument.isEmpty {
            let order = Array(after..<pieces.count) + Array(0..<after)
            guard
                let at = order.first(where: {
                    !pieces[$0].isPlaceholder && pieces[$0].text.firstOccurrence(of: argument) != nil
                }),
                let range = pieces[at].text.firstOccurrence(of: argument)
            else { continue }
            let text = pieces[at].text
            pieces.replaceSubrange(
                at...at,
                with: [
                    (String(text[..<range.lowerBound]), false), ("%\(index + 1)$@", true),
                    (String(text[range.upperBound...]), false),
                ])
            after = at + 2
        }
        return pieces.map { $0.isPlaceholder ? $0.text : $0.text.replacingAll("%", with: "%%") }.joined()
    }

    /// `format` (or a translation of it, from the app's string table) with
    /// each `%n$@` replaced by the n-th argument and `%%` by `%`.
    public func filling(_ format: String) -> String {
        var result = ""
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if after.first == "%" {
                result += "%"
                rest = after.dropFirst()
                continue
            }
            let digits = after.prefix { $0.isNumber }
            let tail = after.dropFirst(digits.count)
            if let number = Int(digits), tail.hasPrefix("$@"), (1...arguments.count).contains(number) {
                result += arguments[number - 1]
                rest = tail.dropFirst(2)
            } else {
                result += "%"
                rest = after
            }
        }
        return result + rest
    }
}

extension LocalizedText {
    /// The same text with each argument that is the neutral form
    /// (`EUR 1,234.50`) of one of `amounts` written by `money` instead, and
    /// the English default filled anew: how an app shows the flow's money
    /// in the traveller's locale (`{ $0.formatted(for: .current) }`). The
    /// key and the other arguments are kept, so a translation found by
    /// the key fills the same way with `filling(_:)`.
    ///
    /// - Parameters:
    ///   - amounts: the amounts the text may name (for a flow state: the
    ///     chosen offer's total and `price?.total`).
    ///   - money: writes an amount.
    /// - Returns: the text with those amounts rewritten.
    public func formattingMoney(_ amounts: [Money], with money: (Money) -> String) -> LocalizedText {
        let rewritten = arguments.map { argument in
            amounts.first { $0.formatted == argument }.map(money) ?? argument
        }
        guard rewritten != arguments else { return self }
        let changed = LocalizedText(key: key, defaultValue: defaultValue, arguments: rewritten)
        return LocalizedText(key: key, defaultValue: changed.filling(format), arguments: rewritten)
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation in this module).
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstOccurrence(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
