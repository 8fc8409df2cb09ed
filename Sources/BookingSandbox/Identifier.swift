/// The shapes of the sandbox's ids, and checks for ids that arrive in paths
/// and bodies (anything else is refused before it reaches SQL).
enum Identifier {
    /// 16 lowercase hex digits.
    static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    /// Whether `text` is `prefix` followed by 16 lowercase hex digits.
    static func isValid(_ text: String, prefix: String) -> Bool {
        guard text.hasPrefix(prefix) else { return false }
        let rest = text.utf8.dropFirst(prefix.utf8.count)
        return rest.count == 16 && rest.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    static let hold = "hold_"
    static let booking = "bk_"
    static let quote = "qt_"
    static let charge = "ch_"
    static let refund = "re_"
    /// A quote for new dates of a booking.
    static let modificationQuote = "mq_"
    /// A quote of a booking's cancellation (its refund and penalty).
    static let cancellationQuote = "cq_"
    /// The ledger entry of a modification's difference.
    static let difference = "df_"

    /// An account name: 1...64 of `A-Z a-z 0-9 _ -`.
    static func isValidAccountName(_ name: Substring) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
    }

    /// An Idempotency-Key: 1...255 visible ASCII characters.
    static func isValidIdempotencyKey(_ key: String) -> Bool {
        (1...255).contains(key.utf8.count) && key.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
