/// Text made safe for roff (man(7)) input: a line never starts a request,
/// backslashes print as themselves, options' hyphens are minus signs
/// (`\-`, so they can be searched for and copied), `code` spans are bold,
/// and anything beyond ASCII is a `\[uXXXX]` escape that needs no input
/// encoding.
enum Roff {
    /// `text` as text lines (one per line of `text`, empty ones dropped).
    static func line(_ text: String) -> String {
        text.split(separator: "\n").map { guarded(self.text(String($0))) }.joined(separator: "\n")
    }

    /// An escaped text line that cannot be taken for a request: one that
    /// starts with `.` or `'` gets a zero-width `\&` before it.
    static func guarded(_ escaped: String) -> String {
        escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// `text` escaped for a text line (not yet guarded against a leading
    /// `.`): the hyphens of a word that starts with one (`--no-wait`) and of
    /// a `code` span are minus signs; other hyphens (`end-to-end`) stay.
    static func text(_ text: String) -> String {
        var out = ""
        var inCode = false
        var atWordStart = true
        var inOption = false
        for character in text {
            if atWordStart { inOption = character == "-" }
            atWordStart = character == " " || character == "(" || character == "["
            if character == "`" {
                inCode.toggle()
                out += inCode ? "\\fB" : "\\fR"
            } else if character == "-" && (inCode || inOption) {
                out += "\\-"
            } else {
                out += escaped(character)
            }
        }
        return out + (inCode ? "\\fR" : "")
    }

    /// `option` in bold with its value in italics: `\fB\-\-card\fR \fITOKEN\fR`.
    static func option(_ option: CommandSpec.Option) -> String {
        bold(option.name) + (option.valueName.map { " " + italic($0) } ?? "")
    }

    /// `text` in bold, every hyphen a minus sign.
    static func bold(_ text: String) -> String {
        "\\fB" + literal(text) + "\\fR"
    }

    /// `text` in italics, every hyphen a minus sign.
    static func italic(_ text: String) -> String {
        "\\fI" + literal(text) + "\\fR"
    }

    /// `text` with every hyphen a minus sign: a name or a command line.
    static func literal(_ text: String) -> String {
        text.map { $0 == "-" ? "\\-" : escaped($0) }.joined()
    }

    private static func escaped(_ character: Character) -> String {
        var out = ""
        for scalar in character.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\[u" + hex(scalar.value) + "]"
            }
        }
        return out
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
