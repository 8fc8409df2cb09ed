import Dispatch

/// A task executor over a dispatch queue of its own, away from the test
/// process's concurrency pool.
///
/// Swift Testing starts every suite at once: on 2 cores the pool has 2
/// threads and, at the start of `swift test`, a queue of some thousand jobs.
/// A job enqueued then (an `async let` child, a task waking from a
/// sleep) waited 61 s for a thread in one measured run. A test whose
/// assertion depends on when its own work runs (a request sent while
/// another is still in flight, a client answered before a slow one) runs
/// here instead (``OwnQueueTrait``): its jobs, and those of the child tasks
/// it starts, take a thread of their own at once.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public final class OwnQueue: TaskExecutor, @unchecked Sendable {
    /// The one executor the tests share.
    public static let shared = OwnQueue()

    /// Runs each job on a serial queue of its own. A serial queue targets
    /// dispatch's overcommitting root queue, which starts a thread when
    /// all of its threads are busy; a concurrent queue would target the
    /// width-limited one (as many threads as cores), shared with every
    /// other concurrent queue of the process. A task has one job at a
    /// time, so a task's jobs still never run at once.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue(label: "TestSupport.OwnQueue").async { job.runSynchronously(on: executor) }
    }
}

/// Runs `work` with ``OwnQueue/shared`` as its task executor; where task
/// executors do not exist (before macOS 15), on the pool as before.
public func onOwnQueue<T, Failure: Error>(
    isolation: isolated (any Actor)? = #isolation, _ work: () async throws(Failure) -> T
) async throws(Failure) -> T {
    guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return try await work() }
    return try await withTaskExecutorPreference(OwnQueue.shared, isolation: isolation, operation: work)
}
