import BookingCore
import Foundation

/// A calendar date (`2026-11-03`) as a day number since 1970-01-01, with
/// strict parsing and formatting, and the sandbox's timestamp format. No
/// time zones: a check-in date is a date, never an instant.
struct CalendarDay: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01.
    let dayNumber: Int64

    init(dayNumber: Int64) {
        self.dayNumber = dayNumber
    }

    /// Parses exactly `YYYY-MM-DD` (years 2000...2199); `nil` otherwise,
    /// including impossible dates such as `2026-02-30`.
    init?(_ text: String) {
        guard let date = CalendarDate(text), (2000...2199).contains(date.year) else { return nil }
        self.dayNumber = Int64(date.daysSince1970)
    }

    /// The calendar date (BookingCore's), for days in years 1...9999.
    private var date: CalendarDate? { CalendarDate(daysSince1970: Int(dayNumber)) }

    /// `YYYY-MM-DD`.
    var isoString: String { date?.description ?? "0000-00-00" }

    /// `YYYYMMDD`, as used inside offer ids.
    var compactString: String { isoString.replacingOccurrences(of: "-", with: "") }

    /// Parses `YYYYMMDD`.
    init?(compact text: Substring) {
        guard text.count == 8 else { return nil }
        let chars = Array(text)
        self.init("\(String(chars[0..<4]))-\(String(chars[4..<6]))-\(String(chars[6..<8]))")
    }

    /// The UTC day a unix-millisecond instant falls on.
    init(unixMilliseconds: Int64) {
        let days = unixMilliseconds >= 0 ? unixMilliseconds / 86_400_000 : (unixMilliseconds - 86_399_999) / 86_400_000
        self.dayNumber = days
    }

    /// The first millisecond after this day (UTC), in unix milliseconds.
    var endMilliseconds: Int64 { (dayNumber + 1) * 86_400_000 }

    static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.dayNumber < rhs.dayNumber }

    /// An RFC 3339 UTC timestamp with milliseconds, e.g. `2026-06-01T12:00:00.000Z`.
    static func timestamp(unixMilliseconds ms: Int64) -> String {
        let day = CalendarDay(unixMilliseconds: ms)
        let inDay = ms - day.dayNumber * 86_400_000
        let hours = inDay / 3_600_000
        let minutes = (inDay / 60_000) % 60
        let seconds = (inDay / 1000) % 60
        let millis = inDay % 1000
        return
            "\(day.isoString)T\(pad(Int(hours), 2)):\(pad(Int(minutes), 2)):\(pad(Int(seconds), 2)).\(pad(Int(millis), 3))Z"
    }

    /// The unix milliseconds of a timestamp `timestamp(unixMilliseconds:)`
    /// wrote; nil for any other text.
    static func unixMilliseconds(timestamp text: String) -> Int64? {
        let parts = text.split(separator: "T")
        guard parts.count == 2, parts[1].hasSuffix("Z"), let day = CalendarDay(String(parts[0])) else { return nil }
        let clock = parts[1].dropLast().split(whereSeparator: { $0 == ":" || $0 == "." }).compactMap { Int64($0) }
        guard clock.count == 4 else { return nil }
        return day.dayNumber * 86_400_000 + clock[0] * 3_600_000 + clock[1] * 60_000 + clock[2] * 1_000 + clock[3]
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
