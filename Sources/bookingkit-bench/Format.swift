import Foundation

/// Number formatting for the reports.
enum Format {
    /// `value` with `decimals` decimals and thousands separators ("12,345.678").
    static func number(_ value: Double, decimals: Int) -> String {
        let text = String(format: "%.\(decimals)f", value)
        let parts = text.split(separator: ".", maxSplits: 1)
        var whole = String(parts[0])
        let negative = whole.hasPrefix("-")
        if negative { whole.removeFirst() }
        var grouped = ""
        for (offset, character) in whole.enumerated() {
            if offset > 0 && (whole.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        return (negative ? "-" : "") + grouped + (parts.count > 1 ? "." + parts[1] : "")
    }

    /// Nanoseconds as microseconds with nanosecond precision ("262.145 us").
    static func microseconds(_ nanoseconds: Int64) -> String {
        number(Double(nanoseconds) / 1_000, decimals: 3) + " us"
    }

    /// A time for `items` rows, with the rate it makes ("4,512.301 us, 2.216 M rows/s").
    static func rate(_ nanoseconds: Int64, items: Int, unit: String) -> String {
        let perSecond = Double(items) / (Double(max(nanoseconds, 1)) / 1_000_000_000)
        return microseconds(nanoseconds) + ", " + number(perSecond / 1_000_000, decimals: 3) + " M \(unit)/s"
    }

    /// A ratio ("1.027x").
    static func ratio(_ value: Double) -> String {
        number(value, decimals: 3) + "x"
    }

    /// A whole count with separators ("100,000").
    static func count(_ value: Int) -> String {
        number(Double(value), decimals: 0)
    }
}
