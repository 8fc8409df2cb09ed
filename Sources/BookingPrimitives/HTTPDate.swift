/// HTTP dates (RFC 9110, section 5.6.7): written as IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`) by plain calendar arithmetic, no
/// formatter, no locale, no time zone database; parsed from the three forms
/// HTTP recipients must accept into Unix seconds: IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form
/// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`).
/// Pure: the caller supplies "now" where a two-digit year needs it.
public enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let shortDays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `unixSeconds` as an IMF-fixdate.
    public static func string(unixSeconds: Int64) -> String {
        let seconds = Int(unixSeconds)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let date = CivilCalendar.day(daysSince1970: days)
        let weekday = shortDays[CivilCalendar.weekday(daysSince1970: days)]
        return "\(weekday), \(twoDigits(date.day)) \(months[date.month - 1]) \(date.year) "
            + "\(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60)):\(twoDigits(secondOfDay % 60)) GMT"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// Unix seconds for `text` in one of the three forms, or `nil`.
    /// `nowUnixSeconds` settles the century of an RFC 850 two-digit year (a
    /// year more than 50 years ahead is taken as the previous century).
    public static func unixSeconds(_ text: String, nowUnixSeconds: Int64) -> Int64? {
        guard text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return imfFixdate(text) ?? rfc850(text, nowUnixSeconds: nowUnixSeconds) ?? asctime(text)
    }

    private static func imfFixdate(_ text: String) -> Int64? {
        // "Sun, 06 Nov 1994 08:49:37 GMT"
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","),
            shortDays.contains(String(parts[0].dropLast())), parts[5] == "GMT",
            parts[1].count == 2, let day = digits(parts[1]),
            let month = months.firstIndex(of: String(parts[2])),
            parts[3].count == 4, let year = digits(parts[3])
        else { return nil }
        return combine(year: year, month: month + 1, day: day, time: parts[4])
    }

    private static func rfc850(_ text: String, nowUnixSeconds: Int64) -> Int64? {
        // "Sunday, 06-Nov-94 08:49:37 GMT"
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].hasSuffix(","), longDays.contains(String(parts[0].dropLast())),
            parts[3] == "GMT"
        else { return nil }
        let dateParts = parts[1].split(separator: "-", omittingEmptySubsequences: false)
        guard dateParts.count == 3, dateParts[0].count == 2, let day = digits(dateParts[0]),
            let month = months.firstIndex(of: String(dateParts[1])),
            dateParts[2].count == 2, let shortYear = digits(dateParts[2])
        else { return nil }
        let currentYear = Int(1970 + nowUnixSeconds / 31_556_952)
        var year = (currentYear / 100) * 100 + shortYear
        if year > currentYear + 50 { year -= 100 }
        return combine(year: year, month: month + 1, day: day, time: parts[2])
    }

    private static func asctime(_ text: String) -> Int64? {
        // "Sun Nov  6 08:49:37 1994" (day padded with a space) or "Sun Nov 16 08:49:37 1994"
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[3] == 0x20, bytes[7] == 0x20, bytes[10] == 0x20, bytes[19] == 0x20 else {
            return nil
        }
        let chars = Array(text)
        let dayName = String(chars[0..<3])
        let monthName = String(chars[4..<7])
        let dayText = chars[8] == " " ? String(chars[9]) : String(chars[8...9])
        guard shortDays.contains(dayName), let month = months.firstIndex(of: monthName),
            let day = digits(Substring(dayText)), let year = digits(Substring(String(chars[20..<24])))
        else { return nil }
        return combine(year: year, month: month + 1, day: day, time: Substring(String(chars[11..<19])))
    }

    private static func combine(year: Int, month: Int, day: Int, time: Substring) -> Int64? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = digits(clock[0]), let minute = digits(clock[1]), let second = digits(clock[2]),
            hour < 24, minute < 60, second <= 60,
            (1...9999).contains(year), (1...12).contains(month),
            (1...CivilCalendar.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = Int64(CivilCalendar.daysSince1970(year: year, month: month, day: day))
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    private static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }
}
