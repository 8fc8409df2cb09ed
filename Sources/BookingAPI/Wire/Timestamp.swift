import BookingCore

/// Strict parsing of the contract's timestamps, `2026-11-03T09:30:00.000Z`
/// (UTC, optional fraction of up to 9 digits). No formatter, no locale.
enum Timestamp {
    /// Milliseconds since 1970 for `text`, or nil when it is not exactly that form.
    static func unixMilliseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 30, bytes.last == UInt8(ascii: "Z"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let date = CalendarDateText.parse(String(decoding: bytes[0..<10], as: UTF8.self)),
            let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]), let second = number(bytes[17..<19]),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var millis: Int64 = 0
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), bytes.count - 21 >= 1, bytes.count - 21 <= 9,
                let fraction = number(bytes[20..<(bytes.count - 1)])
            else { return nil }
            let digits = bytes.count - 21
            var scaled = fraction
            if digits < 3 { for _ in digits..<3 { scaled *= 10 } }
            if digits > 3 { for _ in 3..<digits { scaled /= 10 } }
            millis = scaled
        } else if bytes.count != 20 {
            return nil
        }
        let seconds = date * 86_400 + hour * 3_600 + minute * 60 + second
        return seconds * 1_000 + millis
    }

    /// The contract's timestamp of `milliseconds` since 1970, with
    /// milliseconds: `2026-11-29T18:00:00.000Z`.
    static func text(unixMilliseconds milliseconds: Int64) -> String {
        let days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        let inDay = milliseconds - days * 86_400_000
        let day = CalendarDate(daysSince1970: Int(days))?.description ?? "0000-00-00"
        func padded(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(day)T\(padded(inDay / 3_600_000, 2)):\(padded(inDay / 60_000 % 60, 2)):"
            + "\(padded(inDay / 1_000 % 60, 2)).\(padded(inDay % 1_000, 3))Z"
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int64? {
        guard !bytes.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
