import BookingAPI
import Primitives

/// A sleeper whose sleeps end only when the test opens the gate: time that
/// moves when the test says, so a test can see who is waiting.
public final class GateSleeper: Sleeper {
    private let parked = Locked<[CheckedContinuation<Void, Never>]>([])

    /// Creates a closed gate.
    public init() {}

    /// How many sleeps are waiting at the gate.
    public var waiting: Int { parked.withLock { $0.count } }

    public func sleep(for duration: Duration) async throws {
        await withCheckedContinuation { continuation in parked.withLock { $0.append(continuation) } }
    }

    /// Ends every sleep waiting now.
    public func open() {
        for continuation in parked.withLock({ parked in
            defer { parked = [] }
            return parked
        }) {
            continuation.resume()
        }
    }
}
