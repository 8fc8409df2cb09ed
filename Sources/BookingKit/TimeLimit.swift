import Foundation
import Primitives

/// Runs work with a time bound without waiting for it past the bound: the
/// work goes on in its own task (it must be safe to abandon: reads, and
/// writes that only move forward), and the caller gets nil at the bound.
package enum TimeLimit {
    /// The work's result, or nil when `limit` passed first.
    package static func run<T: Sendable>(
        _ limit: Duration, _ work: @escaping @Sendable () async -> T
    ) async -> T? {
        let once = Once<T?>()
        return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            once.install(continuation)
            Task {
                let value = await work()
                once.resume(value)
            }
            Task {
                try? await Task.sleep(for: limit)
                once.resume(nil)
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
