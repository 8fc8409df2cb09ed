import BookingPrimitives

/// A day on the calendar in the hotel's own time zone, such as a check-in
/// date. Never an instant: there is no time zone to convert, so the date can
/// never shift by one day.
///
/// Parsed strictly from `YYYY-MM-DD` (years 0001 to 9999, real days only:
/// `2026-02-30` and `2025-02-29` are rejected); `Codable` as that string.
public struct CalendarDate: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The year, 1...9999.
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...28/29/30/31.
    public let day: Int

    /// A date, or `nil` when the day does not exist.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= Self.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD` (ASCII digits, two hyphens, ten
    /// characters); `nil` for anything else, including a day that does not exist.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The `YYYY-MM-DD` form.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Whole days from `self` to `other` (the number of nights between a
    /// check-in and a check-out); negative when `other` is earlier.
    public func days(until other: CalendarDate) -> Int {
        other.dayNumber - dayNumber
    }

    /// Calendar order.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Decodes the `YYYY-MM-DD` string strictly.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Not a calendar date (YYYY-MM-DD): \(text)")
        }
        self = date
    }

    /// Encodes the `YYYY-MM-DD` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Whether `year` has a 29 February (proleptic Gregorian calendar).
    static func isLeap(_ year: Int) -> Bool { CivilCalendar.isLeap(year) }

    static func daysIn(month: Int, year: Int) -> Int { CivilCalendar.daysIn(month: month, year: year) }

    /// Days since 1970-01-01 (days-from-civil).
    var dayNumber: Int { CivilCalendar.daysSince1970(year: year, month: month, day: day) }

    /// Days since 1970-01-01 (negative before it).
    public var daysSince1970: Int { dayNumber }

    /// The date `days` after 1970-01-01; `nil` outside the years 1...9999.
    public init?(daysSince1970 days: Int) {
        let date = CivilCalendar.day(daysSince1970: days)
        self.init(year: date.year, month: date.month, day: date.day)
    }
}
