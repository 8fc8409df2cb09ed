import Foundation

/// How old a copy is, in words: `12 s ago`, `3 min ago`, `2 h ago`, `4 days ago`.
public enum AgeText {
    /// The age of something saved at `date`, seen at `now`.
    public static func describe(since date: Date, now: Date = Date()) -> String {
        describe(seconds: Int(max(0, now.timeIntervalSince(date))))
    }

    /// The age of something `seconds` old.
    public static func describe(seconds: Int) -> String {
        switch seconds {
        case ..<60: return "\(seconds) s ago"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3600) h ago"
        default: return "\(seconds / 86_400) day\(seconds / 86_400 == 1 ? "" : "s") ago"
        }
    }

    /// ISO 8601 in UTC with milliseconds, for JSON.
    public static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
