import BookingCore
import Testing

/// Another process on the same data directory started a new hold: this
/// flow's attempt was abandoned under it. The flow says so, saves nothing
/// (the row is the other process's to write), and offers no retry that
/// would in turn replace the newer hold.
@Suite struct SupersededFlowTests {
    typealias Flow = BookingFlow

    @Test func aHoldReplacedWhileItsRequestWasOutEndsReplacedWithNothingSaved() {
        let (state, effects) = Flow.reduce(Fix.requestingHold, .holdFailed(Fix.a1, .superseded))
        #expect(state.title == "Replaced by a newer hold")
        #expect(state.message?.contains("Nothing was charged") == true)
        #expect(state.actions == [.enabled(.back)])
        #expect(effects.isEmpty)
    }

    @Test func aPaymentWhoseHoldWasReplacedBeforeItWasSavedEndsReplacedNotRefused() {
        let (state, effects) = Flow.reduce(Fix.submitting, .payFailed(Fix.a1, .superseded))
        #expect(state.title == "Replaced by a newer hold")
        #expect(state.message != "The payment was refused.")
        #expect(!state.actions.contains { $0.action == .retry })
        #expect(effects.isEmpty)
    }
}
