import BookingCore

/// Days since 1970 of a strict `YYYY-MM-DD`, through `CalendarDate`.
enum CalendarDateText {
    static func parse(_ text: String) -> Int64? {
        guard let date = CalendarDate(text) else { return nil }
        return Int64(Self.epoch.days(until: date))
    }

    private static let epoch = CalendarDate(year: 1970, month: 1, day: 1)!
}
