import BookingAPI
import BookingPrimitives
import Foundation

/// Runs work with a time bound without waiting for it past the bound: the
/// work goes on in its own task (it must be safe to abandon: reads, and
/// writes that only move forward), and the caller gets nil at the bound.
package enum TimeLimit {
    /// The work's result, or nil when `limit` passed first, by `sleeper`
    /// (the client's `Dependencies.sleeper`: a test's or the simulation's
    /// virtual time bounds the wait the same way).
    package static func run<T: Sendable>(
        _ limit: Duration, sleeper: any Sleeper = TaskSleeper(), _ work: @escaping @Sendable () async -> T
    ) async -> T? {
        let once = Once<T?>()
        let timer = Locked<Task<Void, Never>?>(nil)
        return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            once.install(continuation)
            timer.withLock { timer in
                timer = Task {
                    // Cancelled once the work is done: only a real bound ends the wait.
                    guard (try? await sleeper.sleep(for: limit)) != nil else { return }
                    once.resume(nil)
                }
            }
            Task {
                let value = await work()
                once.resume(value)
                timer.withLock { $0?.cancel() }
            }
        }
    }

    /// Resumes a continuation exactly once.
    private final class Once<Value: Sendable>: Sendable {
        private let continuation = Locked<CheckedContinuation<Value, Never>?>(nil)

        func install(_ continuation: CheckedContinuation<Value, Never>) {
            self.continuation.withLock { $0 = continuation }
        }

        func resume(_ value: Value) {
            let waiting = continuation.withLock { waiting in
                defer { waiting = nil }
                return waiting
            }
            waiting?.resume(returning: value)
        }
    }
}
