import Foundation

/// Runs work for at most a bound of time.
enum TimeBound {
    /// The result of `work`, or nil when `bound` passed first. The work is
    /// never cancelled: on time-out it goes on in its own task, and this
    /// returns without waiting for it.
    static func run<T: Sendable>(_ bound: Duration, _ work: @escaping @Sendable () async -> T) async -> T? {
        let once = ResumeOnce<T?>()
        return await withCheckedContinuation { continuation in
            once.set(continuation)
            let timer = Task {
                try? await Task.sleep(for: bound)  // cancelled: the work won
                once.resume(nil)
            }
            Task {
                let value = await work()
                once.resume(value)
                timer.cancel()
            }
        }
    }
}

/// A continuation resumed by the first of several callers.
private final class ResumeOnce<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, Never>?

    func set(_ continuation: CheckedContinuation<T, Never>) {
        lock.lock()
        self.continuation = continuation
        lock.unlock()
    }

    func resume(_ value: T) {
        lock.lock()
        let continuation = self.continuation
        self.continuation = nil
        lock.unlock()
        continuation?.resume(returning: value)
    }
}
