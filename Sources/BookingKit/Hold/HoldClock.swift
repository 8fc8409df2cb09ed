import BookingCore

/// Reads a monotonic `Clock` for the hold countdown: the runner reads it
/// and hands the readings to BookingCore's reducer inside events; the
/// reducer never calls it. Here, not in BookingCore, because `Clock` is the
/// Swift concurrency library's: BookingCore links none of it, so neither
/// does the `booking` viewer, which links BookingCore for its values
/// (0.66 MB of `_Concurrency` and `libdispatch` in a static executable).
///
/// Generic over the clock so tests drive time by hand. The default,
/// `ContinuousClock`, keeps counting while the device sleeps, as the
/// server's hold does (`SuspendingClock` would show time that is gone).
package struct HoldClock<C: Clock>: Sendable where C.Duration == Duration {
    /// The clock read.
    package let clock: C
    /// The instant readings are measured from.
    package let origin: C.Instant

    /// A hold clock reading `clock`, with readings measured from now.
    package init(clock: C) {
        self.clock = clock
        self.origin = clock.now
    }

    /// A hold clock reading `clock`, with readings measured from `origin`.
    package init(clock: C, origin: C.Instant) {
        self.clock = clock
        self.origin = origin
    }

    /// The current reading. Take one as the anchor just before sending a
    /// hold request (or a hold read), and pass it in the answer's event.
    package func now() -> MonotonicInstant {
        MonotonicInstant(sinceOrigin: origin.duration(to: clock.now))
    }

    /// Time left on `countdown` now, floored at zero.
    package func remaining(_ countdown: HoldCountdown) -> Duration {
        countdown.remaining(at: now())
    }

    /// Time left now on a hold of `expiresIn` whose request was sent at `anchor`.
    package func remaining(expiresIn: Duration, anchoredAt anchor: MonotonicInstant) -> Duration {
        HoldCountdown(anchor: anchor, expiresIn: expiresIn).remaining(at: now())
    }
}

extension HoldClock where C == ContinuousClock {
    /// A hold clock on `ContinuousClock`, which counts through device sleep.
    package init() { self.init(clock: ContinuousClock()) }
}
