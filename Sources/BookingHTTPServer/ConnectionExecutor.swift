import Foundation

/// A task executor run by the thread that waits for its task: the
/// connection thread, which would otherwise sit blocked while the handler's
/// task waits for a thread of Swift's cooperative pool.
///
/// With it the handler runs on the connection's own thread (hopping away
/// only for actors it calls), so a host whose pool is busy (2 threads on 2
/// cores, shared with every other task of the process) never starves the
/// server, and the server never starves its host.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class ConnectionExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Marks the task done; `runUntilFinished` returns once its jobs ran.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    /// Runs enqueued jobs on this thread until `finish` is called.
    func runUntilFinished() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            let batch = jobs
            jobs.removeAll()
            let done = finished && batch.isEmpty
            condition.unlock()
            if done { return }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
