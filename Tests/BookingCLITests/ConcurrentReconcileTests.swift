import Foundation
import TestSupport
import Testing

/// Eight `booking reconcile` processes at once over one saved, unsent
/// cancellation (issue 23, item 8): one refund happens, and the runs'
/// reports add up to it. Each says what it did: one settled it, the
/// others found another run at it or nothing open (five said "1 cancelled").
@Suite struct ConcurrentReconcileTests {
    @Test func eightReconcilesAtOnceReportTheOneCancellationOnce() async throws {
        let (sandbox, booking, id) = try await CancelCrashTests.killedCancel(
            at: "after cancel commit", label: "cli-reconcile-eight")
        var children: [ChildProcess] = []
        for _ in 0..<8 { children.append(try await booking.start(["reconcile", "--json"])) }
        var cancelled = 0
        for child in children {
            cancelled += try await Booking.finish(child).settledChanges()["cancelled"] as? Int ?? 0
        }
        #expect(try await CancelCrashTests.refunds(sandbox, id) == 1)
        #expect(cancelled == 1, "the runs reported \(cancelled) cancellations for one refund")
        await sandbox.stop()
    }
}
