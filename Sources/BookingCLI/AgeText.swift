import BookingViewer
import Foundation

/// How old a copy is, in words: `12 s ago`, `3 min ago`, `2 h ago`, `4 days ago`.
package enum AgeText {
    /// The age of something saved at `date`, seen at `now`.
    package static func describe(since date: Date, now: Date = Date()) -> String {
        describe(seconds: Int(max(0, now.timeIntervalSince(date))))
    }

    /// The age of something `seconds` old.
    /// The words are the trip viewer's (`ViewerText.age`), one wording for both.
    package static func describe(seconds: Int) -> String {
        ViewerText.age(seconds: Int64(seconds))
    }

    /// ISO 8601 in UTC with milliseconds, for JSON.
    package static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
