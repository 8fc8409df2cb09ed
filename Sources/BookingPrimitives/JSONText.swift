/// JSON string literals written by hand: the one escaping of this package.
public enum JSONText {
    /// `text` as a JSON string literal, quotes included. Quote, backslash
    /// and the C0 controls are escaped as JSON requires; DEL, the C1
    /// controls (0x9B is a one-character CSI) and U+2028/U+2029 are escaped
    /// too: the same string to a JSON reader, inert on a terminal and in a
    /// script.
    public static func quoted(_ text: String) -> String {
        var out = ""
        appendQuoted(text, to: &out)
        return out
    }

    /// Appends `text` as a JSON string literal to `out`.
    public static func appendQuoted(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
                    || scalar == "\u{2029}"
                {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
