import BookingPrimitives
import BookingValues

/// The text pieces of the viewer's output, built directly (no Foundation
/// formatter per row): terminal-safe values, ISO 8601 timestamps from unix
/// milliseconds, ages in words, and the two styles a trip line uses. They
/// write exactly what the rest of the CLI writes for the same values.
package enum ViewerText {
    /// `text` safe to print to a terminal (`TerminalSafe.escaping`), with
    /// printable ASCII, nearly every value, returned as it is after one
    /// pass over its bytes.
    package static func terminalSafe(_ text: String) -> String {
        text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) ? text : TerminalSafe.escaping(text)
    }

    /// Appends `terminalSafe(text)` to `out`, copying printable ASCII as it is.
    package static func appendSafe(_ text: String, to out: inout [UInt8]) {
        writeSafe(text, to: &out)
    }

    /// Appends `terminalSafe` of the UTF-8 `bytes` (nothing for `nil`) to
    /// `out`, copying printable ASCII as it is: no string is made unless
    /// something must be escaped.
    package static func appendSafe(_ bytes: UnsafeRawBufferPointer?, to out: inout [UInt8]) {
        writeSafe(bytes, to: &out)
    }

    /// Appends `money.formatted` (`EUR 1,234.50`: the currency's minor
    /// digits, `,` grouping) to `out`, digit by digit.
    package static func appendMoney(_ money: Money, to out: inout [UInt8]) {
        writeMoney(money, digits: money.currency.minorDigits, to: &out)
    }

    /// `appendSafe` of a string, into any sink.
    static func writeSafe(_ text: String, to out: inout some ByteSink) {
        var text = text
        text.withUTF8 { writeSafe(UnsafeRawBufferPointer($0), to: &out) }
    }

    /// `appendSafe` of bytes, into any sink.
    @inline(__always)
    static func writeSafe(_ bytes: UnsafeRawBufferPointer?, to out: inout some ByteSink) {
        guard let bytes else { return }
        if isPrintableASCII(bytes) {
            out.append(contentsOf: bytes)
        } else {
            var escaped = TerminalSafe.escaping(String(decoding: bytes, as: UTF8.self))
            escaped.withUTF8 { out.append(contentsOf: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Whether every byte is printable ASCII (0x20 to 0x7E).
    @inline(__always)
    private static func isPrintableASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes where byte &- 0x20 > 0x5E { return false }
        return true
    }

    /// `appendMoney` with the currency's minor `digits` already known, into
    /// any sink: the digits are written last first into a small buffer on
    /// the stack, then copied once.
    static func writeMoney(_ money: Money, digits: Int, to out: inout some ByteSink) {
        var code = money.currency.rawValue
        code.withUTF8 { out.append(contentsOf: UnsafeRawBufferPointer($0)) }
        out.append(0x20)
        if money.minorUnits < 0 { out.append(0x2D) }
        var magnitude = money.minorUnits.magnitude
        // 20 digits at most, a point, a separator every three, and the
        // zeros before the point when the amount is below one unit.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32 + 2 * max(0, digits)) { buffer in
            var index = buffer.count
            var position = 0
            repeat {
                if position == digits && digits > 0 {
                    index -= 1
                    buffer[index] = 0x2E
                } else if position > digits && (position - digits) % 3 == 0 {
                    index -= 1
                    buffer[index] = 0x2C
                }
                index -= 1
                buffer[index] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
                position += 1
            } while magnitude > 0 || position <= digits
            out.append(contentsOf: UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[index...])))
        }
    }

    /// Appends the bytes of `text` to `out` (no string, no array made).
    @inline(__always)
    static func write(_ text: StaticString, to out: inout some ByteSink) {
        out.append(contentsOf: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `CurrencyCode.minorDigits` of the last code asked, kept: a listing's
    /// rows are nearly all in one currency, and the property hashes the
    /// code into two sets on every call.
    struct MinorDigits {
        private var last: CurrencyCode?
        private var digits = 2

        mutating func of(_ code: CurrencyCode) -> Int {
            if let last, last == code { return digits }
            last = code
            digits = code.minorDigits
            return digits
        }
    }

    /// `2026-11-30T18:21:32.123Z`: ISO 8601 in UTC with milliseconds.
    package static func iso(unixMilliseconds ms: Int64) -> String {
        let days = ms >= 0 ? ms / 86_400_000 : (ms - 86_399_999) / 86_400_000
        let inDay = ms - days * 86_400_000
        let (year, month, day) = CivilCalendar.day(daysSince1970: Int(days))
        return pad(Int64(year), 4) + "-" + pad(Int64(month), 2) + "-" + pad(Int64(day), 2) + "T"
            + pad(inDay / 3_600_000, 2) + ":"
            + pad(inDay / 60_000 % 60, 2) + ":" + pad(inDay / 1000 % 60, 2) + "." + pad(inDay % 1000, 3) + "Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// How old a copy is: `12 s ago`, `3 min ago`, `2 h ago`, `4 days ago`.
    package static func age(seconds: Int64) -> String {
        switch seconds {
        case ..<60: return "\(max(0, seconds)) s ago"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3600) h ago"
        default: return "\(seconds / 86_400) day\(seconds / 86_400 == 1 ? "" : "s") ago"
        }
    }

    /// `text` in green (`true`) or red, when `colour` is on.
    package static func status(_ text: String, green: Bool, colour: Bool) -> String {
        colour ? "\u{1B}[\(green ? "32" : "31")m\(text)\u{1B}[0m" : text
    }
}
