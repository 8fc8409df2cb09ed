import Foundation

/// Shared pieces of the deterministic fixtures.
enum Fixtures {
    /// The fixtures' epoch: 2026-05-28T00:00:00Z, whole seconds, so that
    /// the store's millisecond columns hold exactly `milliseconds(_:)`.
    static let epochSeconds: Int64 = 1_779_926_400

    /// The date `second` seconds after the epoch.
    static func date(second: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(epochSeconds + Int64(second)))
    }

    /// What the store writes for `date` (whole milliseconds, rounded down).
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000).rounded(.down))
    }

    /// `value` in decimal, zero-padded to `width` digits.
    static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// `value` in lowercase hex, zero-padded to `width` digits.
    static func hex(_ value: Int, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// A calendar date `YYYY-MM-DD`.
    static func calendarDate(year: Int, month: Int, day: Int) -> String {
        "\(year)-\(padded(month, width: 2))-\(padded(day, width: 2))"
    }
}
