import BookingCore
import Testing

/// A hold the server asked to wait on (`Retry-After` longer than the call
/// waits): the screen says until when, nothing was sent, and a retry is a
/// new attempt.
@Suite struct WaitRequestedFlowTests {
    typealias Flow = BookingFlow
    typealias S = BookingFlow.Samples

    /// 2026-06-01 14:31:20 UTC.
    static let until: Int64 = 1_780_324_280

    @Test func aHoldTheServerAskedToWaitOnSaysUntilWhenAndChargesNothing() {
        let (state, effects) = Flow.reduce(Fix.requestingHold, .holdFailed(Fix.a1, .waitRequested(until: Self.until)))
        guard case .failed(let failed) = state.stage else {
            Issue.record("expected failed, got \(state.stage.name)")
            return
        }
        #expect(failed.reason == .waitRequested(until: Self.until))
        #expect(effects == [.saveAttemptStatus(AttemptChange(attemptID: Fix.a1, phase: .failed))])
        #expect(state.title == "The server asked us to wait")
        #expect(
            state.message
                == "The server asked us to wait until 14:32 UTC. Nothing was sent and nothing was charged. Try again then."
        )
        #expect(state.message?.contains("Could not hold") == false)
        #expect(state.titleText.key == "booking.title.failed.waitRequested")
        #expect(state.messageText?.key == "booking.message.failed.waitRequested")
        #expect(state.messageText?.arguments == ["14:32 UTC"])
        #expect(state.actions.first == .enabled(.retry))
    }

    @Test func theTimeSaidIsNeverBeforeTheTimeAllowed() {
        #expect(Flow.clockTime(1_780_324_200) == "14:30 UTC")  // on the minute
        #expect(Flow.clockTime(1_780_324_201) == "14:31 UTC")  // a second past: the next minute
        #expect(Flow.clockTime(1_780_271_999) == "00:00 UTC")  // rounds over midnight
        #expect(Flow.clockTime(0) == "00:00 UTC")
        #expect(Flow.clockTime(-61) == "23:59 UTC")
    }
}
