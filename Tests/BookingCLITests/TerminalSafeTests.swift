import BookingCLI
import Testing

/// What `TerminalSafe` escapes and what it leaves: the characters that move,
/// rewrite, reorder or hide text go; letters, accents, emoji and the joiners
/// that scripts need stay.
@Suite struct TerminalSafeTests {
    static let unsafe: [Unicode.Scalar] = [
        "\u{0}", "\u{7}", "\u{8}", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{80}", "\u{9B}", "\u{9F}",
        "\u{AD}", "\u{61C}", "\u{180E}", "\u{200B}", "\u{200E}", "\u{200F}", "\u{2028}", "\u{2029}",
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2060}", "\u{2064}", "\u{2066}",
        "\u{2067}", "\u{2068}", "\u{2069}", "\u{206F}", "\u{FEFF}", "\u{FFF9}", "\u{FFFB}", "\u{E0001}",
        "\u{E0041}", "\u{E007F}",
    ]

    @Test(arguments: unsafe)
    func anUnsafeCharacterIsShownAsAnEscape(_ scalar: Unicode.Scalar) {
        let shown = TerminalSafe.escaping("a" + String(Character(scalar)) + "b")
        #expect(shown == "a\\u{\(String(scalar.value, radix: 16))}b")
        #expect(shown.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func lettersAccentsEmojiAndJoinersStay() {
        let text = "Hôtel Ünïcode 東京 مرحبا می‌خواهم 👨‍👩‍👧 café"
        #expect(text.terminalSafe == text)
    }

    @Test func aLimitCutsWithAnEllipsis() {
        #expect(TerminalSafe.escaping("abcdef", limit: 3) == "abc…")
        #expect(TerminalSafe.escaping("abc", limit: 3) == "abc")
        #expect(TerminalSafe.escaping("\u{1B}[2J", limit: 1) == "\\u{1b}…")
    }
}
