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
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (2000...2199).contains(year), (1...12).contains(month),
            day >= 1, day <= Self.daysInMonth(year: year, month: month)
        else { return nil }
        self.dayNumber = Self.daysFromCivil(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`.
    var isoString: String {
        let (year, month, day) = Self.civil(fromDays: dayNumber)
        return "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
    }

    /// `YYYYMMDD`, as used inside offer ids.
    var compactString: String {
        let (year, month, day) = Self.civil(fromDays: dayNumber)
        return "\(Self.pad(year, 4))\(Self.pad(month, 2))\(Self.pad(day, 2))"
    }

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

    static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.dayNumber < rhs.dayNumber }

    /// An RFC 3339 UTC timestamp with milliseconds, e.g. `2026-06-01T12:00:00.000Z`.
    static func timestamp(unixMilliseconds ms: Int64) -> String {
        let day = CalendarDay(unixMilliseconds: ms)
        let inDay = ms - day.dayNumber * 86_400_000
        let hours = inDay / 3_600_000
        let minutes = (inDay / 60_000) % 60
        let seconds = (inDay / 1000) % 60
        let millis = inDay % 1000
        return "\(day.isoString)T\(pad(Int(hours), 2)):\(pad(Int(minutes), 2)):\(pad(Int(seconds), 2)).\(pad(Int(millis), 3))Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    private static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's civil-date algorithms (proleptic Gregorian).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}
