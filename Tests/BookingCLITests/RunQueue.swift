import Dispatch

/// Where an in-process `booking` run executes: a task executor over a
/// dispatch queue of its own, not the test process's (two-thread)
/// concurrency pool, on which the other suites' servers and simulations
/// run. A command's blocking work (SQLite, file sync) then takes an OS
/// thread of its own, as it did in a child process.
@available(macOS 15.0, iOS 18.0, *)
final class RunQueue: TaskExecutor, @unchecked Sendable {
    static let shared = RunQueue()

    private let queue = DispatchQueue(label: "BookingCLITests.InProcess", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    /// Runs `work` with this executor preferred.
    static func run<T: Sendable>(_ work: @Sendable () async -> T) async -> T {
        await withTaskExecutorPreference(shared) { await work() }
    }
}
