import BookingCore

/// Days since 1970 of a strict `YYYY-MM-DD`, through `CalendarDate`.
enum CalendarDateText {
    static func parse(_ text: String) -> Int64? {
        CalendarDate(text).map { Int64($0.daysSince1970) }
    }
}
