import BookingCore

/// The text pieces of the viewer's output, built directly (no Foundation
/// formatter per row): terminal-safe values, ISO 8601 timestamps from unix
/// milliseconds, ages in words, and the two styles a trip line uses. They
/// write exactly what the rest of the CLI writes for the same values.
public enum ViewerText {
    /// `text` safe to print to a terminal: every character that could move
    /// the cursor, rewrite the line, reorder or hide text shown as `\u{..}`
    /// (the same set as the CLI's `TerminalSafe`). Printable ASCII, nearly
    /// every value, is returned as it is after one pass over its bytes.
    public static func terminalSafe(_ text: String) -> String {
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Appends `terminalSafe(text)` to `out`, copying printable ASCII as it is.
    public static func appendSafe(_ text: String, to out: inout [UInt8]) {
        var text = text
        let copied = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if !copied { out.append(contentsOf: terminalSafe(text).utf8) }
    }

    /// Appends `money.formatted` (`EUR 1,234.50`: the currency's minor
    /// digits, `,` grouping) to `out`, digit by digit.
    public static func appendMoney(_ money: Money, to out: inout [UInt8]) {
        out.append(contentsOf: money.currency.rawValue.utf8)
        out.append(0x20)
        if money.minorUnits < 0 { out.append(0x2D) }
        let digits = money.currency.minorDigits
        var magnitude = money.minorUnits.magnitude
        var reversed: [UInt8] = []
        reversed.reserveCapacity(32)
        var position = 0
        repeat {
            if position == digits && digits > 0 {
                reversed.append(0x2E)
            } else if position > digits && (position - digits) % 3 == 0 {
                reversed.append(0x2C)
            }
            reversed.append(0x30 + UInt8(magnitude % 10))
            magnitude /= 10
            position += 1
        } while magnitude > 0 || position <= digits
        out.append(contentsOf: reversed.reversed())
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0xAD, 0x61C, 0x180E, 0x200B, 0x200E, 0x200F, 0x2028...0x202E: return true
        case 0x2060...0x2064, 0x2066...0x206F, 0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F: return true
        default: return false
        }
    }

    /// `2026-11-30T18:21:32.123Z`: ISO 8601 in UTC with milliseconds.
    public static func iso(unixMilliseconds ms: Int64) -> String {
        let days = ms >= 0 ? ms / 86_400_000 : (ms - 86_399_999) / 86_400_000
        let inDay = ms - days * 86_400_000
        // Civil date from days since 1970-01-01 (proleptic Gregorian).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(inDay / 3_600_000, 2) + ":"
            + pad(inDay / 60_000 % 60, 2) + ":" + pad(inDay / 1000 % 60, 2) + "." + pad(inDay % 1000, 3) + "Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// How old a copy is: `12 s ago`, `3 min ago`, `2 h ago`, `4 days ago`.
    public static func age(seconds: Int64) -> String {
        switch seconds {
        case ..<60: return "\(max(0, seconds)) s ago"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3600) h ago"
        default: return "\(seconds / 86_400) day\(seconds / 86_400 == 1 ? "" : "s") ago"
        }
    }

    /// `text` in green (`true`) or red, when `colour` is on.
    public static func status(_ text: String, green: Bool, colour: Bool) -> String {
        colour ? "\u{1B}[\(green ? "32" : "31")m\(text)\u{1B}[0m" : text
    }
}
