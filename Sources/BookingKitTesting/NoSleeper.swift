import BookingAPI
import BookingPrimitives
import Foundation

/// A sleeper that records the waits and returns at once for the short ones
/// (retries, lookups, polls), so tests run in no real time. Waits longer
/// than `immediateLimit` (a hold's countdown) never end on their own, only
/// when their task is cancelled: time stands still for them (returning at
/// once would make the hold timer fire, re-read the hold and fire again, in
/// a hot loop), and no test waits on the machine's clock.
package final class NoSleeper: Sleeper {
    private let waits = Locked<[Duration]>([])
    private let immediateLimit: Duration

    /// Creates a sleeper that returns at once for waits up to two minutes.
    package convenience init() {
        self.init(immediateLimit: .seconds(120))
    }

    /// Creates a sleeper that returns at once for waits up to `immediateLimit`.
    package init(immediateLimit: Duration) {
        self.immediateLimit = immediateLimit
    }

    /// Every wait asked for, in order.
    package var recorded: [Duration] {
        waits.withLock { $0 }
    }

    /// The machine's wall clock moved on by every wait this sleeper
    /// returned at once for. A client that re-reads its clock after a wait
    /// (a `Retry-After` gate) reads it passed, where the machine's clock
    /// would keep it asking for the rest of the wait in a hot loop until
    /// the seconds really passed.
    package var wallClockSeconds: @Sendable () -> Int64 {
        let skipped = self.skipped
        return { Int64(Date().timeIntervalSince1970) + skipped.withLock { $0.components.seconds } }
    }

    private let skipped = Locked<Duration>(.zero)

    package func sleep(for duration: Duration) async throws {
        waits.withLock { $0.append(duration) }
        if duration > immediateLimit {
            await Watched(false).wait { $0 }  // nothing sets it: parked until cancelled
        }
        try Task.checkCancellation()
        skipped.withLock { $0 += duration }
        await Task.yield()
    }
}
