/// Byte classes of the HTTP grammar (RFC 9110, RFC 9112).
enum HTTPSyntax {
    static let cr: UInt8 = 13
    static let lf: UInt8 = 10
    static let space: UInt8 = 32
    static let tab: UInt8 = 9
    static let colon: UInt8 = 58

    /// `tchar`: the characters of a token (method, header name).
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
            UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// A byte allowed inside a field value: HTAB, SP, VCHAR, obs-text.
    static func isFieldValueCharacter(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 0x20 && byte != 0x7F)
    }

    /// A byte allowed in a request target: visible ASCII except `#`.
    static func isTargetCharacter(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#")
    }

    /// Whether `text` is a non-empty token.
    static func isToken(_ text: String) -> Bool {
        !text.utf8.isEmpty && text.utf8.allSatisfy(isTokenCharacter)
    }

    /// Whether `text` can be written as a field value.
    static func isFieldValue(_ text: String) -> Bool {
        text.utf8.allSatisfy(isFieldValueCharacter)
    }

    /// `text` without leading and trailing SP and HTAB.
    static func trimmingWhitespace(_ text: Substring) -> Substring {
        var result = text
        while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }

    /// Whether the comma-separated list `value` contains `token`
    /// (case-insensitive), as in `Connection: keep-alive, Upgrade`.
    static func list(_ value: String, contains token: String) -> Bool {
        value.split(separator: ",").contains {
            trimmingWhitespace($0).lowercased() == token
        }
    }
}
