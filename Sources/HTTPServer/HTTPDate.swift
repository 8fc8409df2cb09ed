import Foundation

/// Formats the HTTP `Date` field (IMF-fixdate, RFC 9110 section 5.6.7),
/// e.g. `Sun, 06 Nov 1994 08:49:37 GMT`, by plain calendar arithmetic: no
/// formatter, no locale, no time zone database.
enum HTTPDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `date` as an IMF-fixdate.
    static func string(from date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        let weekday = weekdays[((days % 7) + 7) % 7]
        return "\(weekday), \(twoDigits(day)) \(months[month - 1]) \(year) "
            + "\(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60)):\(twoDigits(secondOfDay % 60)) GMT"
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01
    /// (H. Hinnant's `civil_from_days`).
    static func civilDate(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
