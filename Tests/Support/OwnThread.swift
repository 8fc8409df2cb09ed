import Foundation

/// Runs blocking or CPU-heavy work on a thread of its own, never on Swift's
/// cooperative pool. On 2 cores that pool has 2 threads; a test that blocks
/// one (waiting for a child process, exploring a state space) starves the
/// async work of every other test running in parallel (a listener's handler
/// tasks, for one) until their timeouts fire.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
