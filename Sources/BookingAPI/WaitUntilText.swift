import BookingPrimitives

/// The time a server asked to wait until (`FinalFailure.waitRequested`), as
/// people read it: always in UTC, rounded up to the minute (never before
/// the time allowed), with the date when it is not today (UTC), and a
/// plain sentence instead of a date more than a year away (an HTTP-date in
/// 9999 is a broken server, not a plan).
///
/// `14:32 UTC`, `13:59 UTC on 2026-12-02`, `more than a year from now
/// (the server named 9999-12-31)`.
package enum WaitUntilText {
    /// A year, the longest wait written as a date.
    package static let longestDated: Int64 = 366 * 86_400

    /// `until` (unix seconds) as seen at `nowUnixSeconds`.
    package static func text(until: Int64, nowUnixSeconds: Int64) -> String {
        let minutes = floorDivided(until, 60) + (until % 60 == 0 ? 0 : 1)
        let (day, minuteOfDay) = (floorDivided(minutes, 1_440), minutes - floorDivided(minutes, 1_440) * 1_440)
        let clock = two(minuteOfDay / 60) + ":" + two(minuteOfDay % 60) + " UTC"
        if until - nowUnixSeconds > longestDated {
            return
                "more than a year from now (the server named \(dateText(daysSince1970: floorDivided(until, 86_400))))"
        }
        return day == floorDivided(nowUnixSeconds, 86_400) ? clock : "\(clock) on \(dateText(daysSince1970: day))"
    }

    private static func dateText(daysSince1970 days: Int64) -> String {
        let day = CivilCalendar.day(daysSince1970: Int(clamping: days))
        return String(day.year) + "-" + two(Int64(day.month)) + "-" + two(Int64(day.day))
    }

    private static func two(_ value: Int64) -> String { (value < 10 ? "0" : "") + String(value) }

    private static func floorDivided(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && value < 0) ? quotient - 1 : quotient
    }
}
