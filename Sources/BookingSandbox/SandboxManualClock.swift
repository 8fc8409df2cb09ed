import BookingPrimitives

/// A clock that only moves when told, for tests and simulations.
public final class SandboxManualClock: Sendable {
    private let state: Locked<Int64>

    /// A clock showing `startMilliseconds` (unix ms). The default is
    /// 2026-06-01T00:00:00Z.
    public init(startMilliseconds: Int64 = 1_780_272_000_000) {
        self.state = Locked(startMilliseconds)
    }

    /// The time shown, unix milliseconds.
    public var now: Int64 { state.withLock { $0 } }

    /// Moves the clock forward by `milliseconds` (never backward).
    public func advance(milliseconds: Int64) {
        state.withLock { $0 += max(0, milliseconds) }
    }

    /// Moves the clock forward by `seconds`.
    public func advance(seconds: Int64) {
        advance(milliseconds: seconds * 1000)
    }
}
