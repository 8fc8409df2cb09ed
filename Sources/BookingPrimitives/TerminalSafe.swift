/// Text that did not come from the program itself (a server's answer, a
/// saved row, a log file, an argument), made safe to print to a person's
/// terminal: every character that could move the cursor, rewrite the line,
/// ring the bell, reorder what is shown, or hide text is replaced by a
/// visible escape such as `\u{1b}`. `--json` output never goes through
/// here: it stays exact, with JSON's own escaping.
///
/// Escaped: C0 controls (tab and newline included: a value is one line),
/// DEL, C1 controls (0x80-0x9F, among them the one-character CSI 0x9B),
/// the bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E,
/// U+2066-U+2069), the line and paragraph separators, and the invisible
/// format characters that can hide or smuggle text (U+00AD, U+180E,
/// U+200B, U+2060-U+2064, U+206A-U+206F, U+FEFF, U+FFF9-U+FFFB and the tag
/// characters U+E0000-U+E007F). The joiners U+200C and U+200D stay: scripts
/// and emoji need them, and they neither move nor hide text.
public enum TerminalSafe {
    /// `text` with every unsafe character escaped, cut to `limit` characters
    /// (Unicode scalars) with `…` when longer.
    public static func escaping(_ text: String, limit: Int? = nil) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if let limit, count == limit { return out + "…" }
            count += 1
            if isUnsafe(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `scalar` must not reach a terminal as it is.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0xAD, 0x61C, 0x180E: return true
        case 0x200B, 0x200E, 0x200F, 0x2028...0x202E: return true
        case 0x2060...0x2064, 0x2066...0x206F: return true
        case 0xFEFF, 0xFFF9...0xFFFB: return true
        case 0xE0000...0xE007F: return true
        default: return false
        }
    }
}

extension String {
    /// This text made safe to print to a terminal (see `TerminalSafe`).
    public var terminalSafe: String { TerminalSafe.escaping(self) }
}
