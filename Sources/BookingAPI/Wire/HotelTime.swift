import BookingCore
import Foundation

/// A hotel's wall clock: instants read in its IANA time zone, in English
/// words that read the same on every device (no locale).
package enum HotelTime {
    /// The earliest UTC offset of any place, in seconds (UTC-12): a day
    /// starts there last.
    private static let latestDayStartOffset: Int64 = 12 * 3_600

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// When `day` begins in `zone`, in unix milliseconds; for a zone this
    /// device does not know, when it begins last anywhere (UTC-12).
    static func dayStart(_ day: CalendarDate, in zone: String) -> Int64 {
        let midnightUTC = Int64(day.daysSince1970) * 86_400
        guard let timeZone = TimeZone(identifier: zone) else {
            return (midnightUTC + latestDayStartOffset) * 1_000
        }
        // The offset at UTC midnight, then at the instant it gives (a
        // change of clocks at midnight moves it once).
        let guess = midnightUTC - Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(midnightUTC))))
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(guess))))
        return (midnightUTC - offset) * 1_000
    }

    /// `milliseconds` on the hotel's clock: `("18:00", "29 Nov", "Europe/Lisbon")`;
    /// in UTC, named so, for a zone this device does not know.
    package static func words(_ milliseconds: Int64, in zone: String) -> (clock: String, day: String, zone: String) {
        let timeZone = TimeZone(identifier: zone)
        let offset =
            timeZone.map { Int64($0.secondsFromGMT(for: Date(timeIntervalSince1970: Double(milliseconds) / 1_000))) }
            ?? 0
        let local = milliseconds / 1_000 + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let seconds = local - days * 86_400
        let date = CalendarDate(daysSince1970: Int(days))
        let clock = two(seconds / 3_600) + ":" + two(seconds / 60 % 60)
        let day = date.map { "\($0.day) \(months[$0.month - 1])" } ?? "?"
        return (clock, day, timeZone == nil ? "UTC" : zone)
    }

    private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
