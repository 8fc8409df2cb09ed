import Foundation

/// The one way a test waits on real time: until a condition holds, checked
/// again and again, for at most a bound. A test asserts the condition
/// itself afterwards (`#expect(await Poll.until { ... })`), never the
/// passing of time: a loaded machine makes it slower, never wrong.
///
/// For another process or a real server's own timing only. What this
/// process changes is awaited as the event itself (`Watched`, a flow's
/// stream of states); `scripts/check-no-sleep.sh` refuses a Poll in the
/// in-process runtime suites unless it says why it needs real time.
public enum Poll {
    /// How long a condition may take before the wait gives up: the bound
    /// of every wait that only guards against a hang. Far past a loaded
    /// machine's stalls (in CI, with ~200 suites started at once on two
    /// cores, the first ones finished only after 28 s), and still a bound.
    public static let defaultTimeout: Duration = .seconds(60)

    /// Waits until `condition` is true, checking it every `interval`, at
    /// most `timeout`; returns whether it held.
    @discardableResult
    public static func until(
        timeout: Duration = defaultTimeout, every interval: Duration = .milliseconds(5),
        _ condition: () async throws -> Bool
    ) async rethrows -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            if try await condition() { return true }
            if ContinuousClock.now >= deadline { return false }
            // check-no-sleep: allowed (the pause between two checks of a condition)
            try? await Task.sleep(for: interval)
        }
    }

    /// The same, blocking the calling thread: for code already off the
    /// cooperative pool (raw sockets, child processes).
    @discardableResult
    public static func blockingUntil(
        timeout: Duration = defaultTimeout, every interval: Duration = .milliseconds(5), _ condition: () throws -> Bool
    ) rethrows -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            if try condition() { return true }
            if ContinuousClock.now >= deadline { return false }
            // check-no-sleep: allowed (the pause between two checks of a condition)
            Thread.sleep(
                forTimeInterval: Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18)
        }
    }
}
