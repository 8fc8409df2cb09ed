/// Waits. The real one sleeps on the task clock; the simulation's advances a
/// virtual clock, so retries and back-offs run in no real time.
public protocol Sleeper: Sendable {
    /// Waits `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// Sleeps for real with `Task.sleep`.
public struct TaskSleeper: Sleeper {
    /// Creates a sleeper.
    public init() {}

    public func sleep(for duration: Duration) async throws {
        guard duration > .zero else { return }
        try await Task.sleep(for: duration)
    }
}
