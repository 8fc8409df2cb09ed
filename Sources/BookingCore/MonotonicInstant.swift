/// A reading of a monotonic clock, as a plain value: the time since the
/// clock's origin. Events carry these into the reducer, so the flow compares
/// times without ever reading a clock itself, and a logged event replays
/// exactly.
///
/// Readings are only comparable when they come from the same `HoldClock`
/// (one process); across processes use `SavedHoldAnchor`.
package struct MonotonicInstant: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// Time since the clock's origin.
    package let sinceOrigin: Duration

    /// The reading `sinceOrigin` after the origin.
    package init(sinceOrigin: Duration) { self.sinceOrigin = sinceOrigin }

    /// The origin itself.
    package static let origin = MonotonicInstant(sinceOrigin: .zero)

    /// The reading `duration` later.
    package func advanced(by duration: Duration) -> MonotonicInstant {
        MonotonicInstant(sinceOrigin: sinceOrigin + duration)
    }

    /// The time from `self` to `other` (negative when `other` is earlier).
    package func duration(to other: MonotonicInstant) -> Duration { other.sinceOrigin - sinceOrigin }

    /// Clock order.
    package static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.sinceOrigin < rhs.sinceOrigin
    }

    /// `t+<seconds>s`.
    package var description: String { "t+\(sinceOrigin)" }
}
