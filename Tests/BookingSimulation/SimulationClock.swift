import BookingTestSupport

/// The simulation's time, read one way by every part of its world: the
/// scheduler's virtual time, and the wall-clock time it stands for
/// (virtual zero is `epochSeconds`, 2026-06-01T00:00:00Z).
struct SimulationClock: Sendable {
    /// Unix seconds at virtual time zero.
    static let epochSeconds: Int64 = 1_780_272_000

    let scheduler: VirtualScheduler

    /// The virtual time since the start.
    var now: Duration { scheduler.now }

    /// Unix seconds at virtual time `instant` (whole seconds).
    func unixSeconds(at instant: Duration) -> Int64 {
        Self.epochSeconds + instant.components.seconds
    }

    /// Unix milliseconds now (the sandbox's clock).
    var unixMilliseconds: Int64 {
        let now = self.now
        return unixSeconds(at: now) * 1000 + now.components.attoseconds / 1_000_000_000_000_000
    }
}
