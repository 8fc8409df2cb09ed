/// Waits. The real one sleeps on the task clock; the simulation's advances a
/// virtual clock, so retries and back-offs run in no real time.
package protocol Sleeper: Sendable {
    /// Waits `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws

    /// Waits out a request's timeout, `duration`, while the request runs
    /// (the request's end cancels it). Every wait of the API client goes
    /// through its sleeper; this one has its own entry so that a sleeper
    /// which skips back-offs (returns at once) does not time every request
    /// out at once. The default waits in real time, as a request's timeout
    /// is real; a virtual clock implements it to fire timeouts on its time.
    func timeout(after duration: Duration) async throws
}

extension Sleeper {
    /// Real time: `Task.sleep`.
    package func timeout(after duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

/// Sleeps for real with `Task.sleep`.
package struct TaskSleeper: Sleeper {
    /// Creates a sleeper.
    package init() {}

    package func sleep(for duration: Duration) async throws {
        guard duration > .zero else { return }
        try await Task.sleep(for: duration)
    }
}
