import BookingPrimitives
import Foundation
import TestSupport
import Testing

/// The trait the timing-sensitive tests run under (`OwnQueue`): their child
/// tasks run even while every thread of the concurrency pool is taken.
@Suite struct OwnQueueTests {
    @Test(.ownQueue) func aChildTaskRunsWhileEveryThreadOfThePoolIsBusy() async throws {
        let childRan = Locked(false)
        // More blockers than the pool has threads, queued before the child:
        // on the pool, the child would wait until the first of them gave up.
        let width = 2 * ProcessInfo.processInfo.activeProcessorCount
        let priority = Task.currentPriority
        let blockers = (0..<width).map { _ in
            Task.detached(priority: priority) {
                Poll.blockingUntil(timeout: .seconds(2)) { childRan.withLock { $0 } }
            }
        }
        // The child sleeps first: its wake-up must not need the pool either.
        async let child: Void = {
            // check-no-sleep: allowed (what is tested is where a task wakes from a sleep)
            try? await Task.sleep(for: .milliseconds(10))
            childRan.withLock { $0 = true }
        }()
        await child
        var gaveUp = 0
        for blocker in blockers where await !blocker.value { gaveUp += 1 }
        #expect(gaveUp == 0, "\(gaveUp) of \(width) pool threads waited 2 s for a child task that never ran")
    }
}
