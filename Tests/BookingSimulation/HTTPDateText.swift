import BookingPrimitives

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), written and read by the
/// simulation itself: the writing is `Primitives.HTTPDate`'s, the reading
/// a deliberately separate, lenient parser, so the client's strict parser
/// (`HTTPDate.unixSeconds`) is not checked against itself.
enum HTTPDateText {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(unixSeconds: Int64) -> String {
        HTTPDate.string(unixSeconds: unixSeconds)
    }

    static func parse(_ text: String) -> Int64? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]),
            let monthIndex = months.firstIndex(of: String(parts[2])), let year = Int(parts[3])
        else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int64($0) }
        guard clock.count == 3 else { return nil }
        let days = Int64(CivilCalendar.daysSince1970(year: year, month: monthIndex + 1, day: day))
        return days * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2]
    }
}
