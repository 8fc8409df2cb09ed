/// The time left on a hold, as pure arithmetic: the server's `expiresIn`
/// counted from a monotonic anchor read *before* the request was sent.
///
/// Network delay therefore shows less time than the server granted, never
/// more; and nothing here depends on the wall clock, so changing the
/// device's date changes nothing.
package struct HoldCountdown: Hashable, Codable, Sendable {
    /// The monotonic reading taken before the request that returned the hold.
    package let anchor: MonotonicInstant
    /// How long the server said the hold lasts from its answer.
    package let expiresIn: Duration

    /// A countdown of `expiresIn` from `anchor`.
    package init(anchor: MonotonicInstant, expiresIn: Duration) {
        self.anchor = anchor
        self.expiresIn = expiresIn
    }

    /// When the countdown reaches zero.
    package var deadline: MonotonicInstant { anchor.advanced(by: expiresIn) }

    /// Time left at `now`, floored at zero.
    package func remaining(at now: MonotonicInstant) -> Duration {
        let left = now.duration(to: deadline)
        return left > .zero ? left : .zero
    }

    /// Whole seconds left at `now`, rounded up: the one figure every screen
    /// and the command line show. Rounded up so that 0 is shown only once
    /// the hold has ended: while any time is left (and Pay is offered) the
    /// countdown reads at least 1, and a fresh 15-minute hold reads 15:00.
    package func secondsLeft(at now: MonotonicInstant) -> Int {
        let left = remaining(at: now).components
        return Int(left.seconds) + (left.attoseconds > 0 ? 1 : 0)
    }

    /// How long from `now` until `secondsLeft(at:)` changes: what is left
    /// of the current second (a whole second on a boundary); nil once the
    /// countdown has ended. A display wakes then, never on a faster tick.
    package func untilNextChange(at now: MonotonicInstant) -> Duration? {
        let left = remaining(at: now)
        guard left > .zero else { return nil }
        let fraction = Duration(secondsComponent: 0, attosecondsComponent: left.components.attoseconds)
        return fraction > .zero ? fraction : .seconds(1)
    }

    /// Whether the countdown has reached zero at `now`.
    package func hasEnded(at now: MonotonicInstant) -> Bool { remaining(at: now) == .zero }
}
