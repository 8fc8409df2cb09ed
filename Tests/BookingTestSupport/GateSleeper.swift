import BookingAPI
import TestSupport

/// A sleeper whose sleeps end only when the test opens the gate: time that
/// moves when the test says, so a test can see who is waiting.
public final class GateSleeper: Sleeper {
    private let parked = Watched<[CheckedContinuation<Void, Never>]>([])

    /// Creates a closed gate.
    public init() {}

    /// How many sleeps are waiting at the gate.
    public var waiting: Int { parked.value.count }

    /// Waits until `count` sleeps are waiting at the gate (at once if they
    /// are): the moment the last of them parks, no polling.
    public func waitUntil(waiting count: Int) async {
        await parked.wait { $0.count >= count }
    }

    public func sleep(for duration: Duration) async throws {
        await withCheckedContinuation { continuation in parked.change { $0.append(continuation) } }
    }

    /// Ends every sleep waiting now.
    public func open() {
        for continuation in parked.change({ parked in
            defer { parked = [] }
            return parked
        }) {
            continuation.resume()
        }
    }
}
