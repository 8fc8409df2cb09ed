import BookingSimulation
import Testing

/// Every seed the simulation once found breaking a promise, replayed
/// exactly; each names the fix that made it pass.
@Suite struct RegressionSeedTests {
    /// 65: a flow poll went out 7 s before the `Retry-After` of the 503
    /// that ended the previous poll (I5); 322: the same for a lookup by key
    /// after a 429 with an HTTP-date. Fixed by `RetryAfterGate`.
    /// 3988 (a check, not the client): the process died right after a 429;
    /// the next process (which cannot know it) read the hold at once. I5
    /// now holds for the life of a process; the trace shows the death.
    @Test(arguments: [65, 322, 3_988] as [UInt64])
    func aSeedThatOnceBrokeAPromiseNowKeepsThemAll(seed: UInt64) async {
        let run = await SimulationRun.random(seed: seed)
        #expect(run.violations.isEmpty, "\(run.failureReport)")
        #expect(run.requests > 0)
    }
}
