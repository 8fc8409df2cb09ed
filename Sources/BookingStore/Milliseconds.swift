import Foundation

/// Unix-millisecond conversion for the `INTEGER` time columns.
extension Date {
    /// Whole milliseconds since 1970 (rounded down).
    var unixMilliseconds: Int64 {
        Int64((timeIntervalSince1970 * 1_000).rounded(.down))
    }

    /// The date `milliseconds` after 1970.
    init(unixMilliseconds milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }
}
