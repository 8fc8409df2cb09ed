import BookingAPI
import TestSupport

/// A sleeper whose sleeps end only when the test opens the gate: time that
/// moves when the test says, so a test can see who is waiting.
package final class GateSleeper: Sleeper {
    private let parked = Watched<[CheckedContinuation<Void, Never>]>([])

    /// Creates a closed gate.
    package init() {}

    /// How many sleeps are waiting at the gate.
    package var waiting: Int { parked.value.count }

    /// Waits until `count` sleeps are waiting at the gate (at once if they
    /// are): the moment the last of them parks, no polling.
    package func waitUntil(waiting count: Int) async {
        await parked.wait { $0.count >= count }
    }

    package func sleep(for duration: Duration) async throws {
        await withCheckedContinuation { continuation in parked.change { $0.append(continuation) } }
    }

    /// Ends every sleep waiting now.
    package func open() {
        for continuation in parked.change({ parked in
            defer { parked = [] }
            return parked
        }) {
            continuation.resume()
        }
    }
}
