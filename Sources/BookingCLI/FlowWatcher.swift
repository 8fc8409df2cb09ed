import BookingCore
import BookingKit

/// Follows the flow's states until one satisfies a condition or a time
/// bound passes, calling back on every change.
public enum FlowWatcher {
    /// The first state (the current one included) that satisfies `done`, or
    /// the last state seen when `timeout` passes first.
    package static func watch(
        _ flow: FlowStore, timeout: Duration,
        onChange: @escaping @Sendable (BookingFlow.State) async -> Void = { _ in },
        until done: @escaping @Sendable (BookingFlow.State) -> Bool
    ) async -> BookingFlow.State {
        let stream = await flow.states()
        let watching = Task { () -> BookingFlow.State? in
            for await state in stream {
                await onChange(state)
                if done(state) { return state }
            }
            return nil
        }
        // The same bounded wait as `BookingClient.wait`: `TimeLimit`'s.
        guard let reached = await TimeLimit.run(timeout, { await watching.value }) ?? nil else {
            watching.cancel()  // ends the stream's iteration, and the callbacks
            return await flow.state
        }
        return reached
    }

    /// Whether a restored flow has heard from the server: it is at rest, or
    /// its lookup or poll was answered at least once (the back-off that
    /// follows can take minutes; `booking status` says where it stands now).
    public static func hasHeardBack(_ state: BookingFlow.State) -> Bool {
        switch state.stage {
        case .unknown(let stage): return stage.checks > 0 || !stage.checkPending
        case .processing(let stage): return stage.polls > 0 || !stage.pollPending
        default: return isAtRest(state)
        }
    }

    /// Whether the flow waits for nothing but the user or the countdown:
    /// a settled stage, held, or a check that gave up.
    public static func isAtRest(_ state: BookingFlow.State) -> Bool {
        state.pendingWork == nil || state.pendingWork == .holdTimer
    }
}
