import BookingCore
import Testing

/// The hold side of the flow: countdown, zero, re-read, price change, sold
/// out, offline.
@Suite struct HoldFlowTests {
    typealias Flow = BookingFlow
    typealias S = BookingFlow.Samples

    @Test func heldCountdownIsAnchoredBeforeTheRequestWasSent() {
        let held = Fix.held()
        #expect(held.countdown == HoldCountdown(anchor: Fix.t0, expiresIn: .seconds(600)))
        let granted = Flow.reduce(
            Fix.requestingHold, .holdGranted(Fix.a1, S.hold, sentAt: Fix.t0, receivedAt: Fix.t(2)))
        #expect(granted.effects.last == .scheduleHoldTimer(Fix.a1, after: .seconds(598)))
    }

    /// A display wakes when the whole-second figure changes: after what
    /// is left of the second, a whole second on a boundary, never after the end.
    @Test func theFigureChangesWhenItsSecondRunsOut() {
        let countdown = HoldCountdown(anchor: Fix.t0, expiresIn: .seconds(600))
        #expect(countdown.untilNextChange(at: Fix.t0) == .seconds(1))
        let later = Fix.t0.advanced(by: .milliseconds(250))
        #expect(countdown.secondsLeft(at: later) == 600)
        #expect(countdown.untilNextChange(at: later) == .milliseconds(750))
        #expect(countdown.secondsLeft(at: later.advanced(by: .milliseconds(750))) == 599)
        #expect(countdown.untilNextChange(at: Fix.t(600)) == nil)
        #expect(countdown.untilNextChange(at: Fix.t(700)) == nil)
    }

    @Test func atZeroPayLocksAndTheHoldIsReadAgain() {
        let (state, effects) = Flow.reduce(Fix.held(), .holdTimerFired(Fix.a1, now: Fix.t(600)))
        #expect(state.stage.kind == .checkingHold)
        #expect(effects == [.readHold(Fix.a1, S.holdID)])
        #expect(state.actions.first == .disabled(.pay, because: "The hold is being checked."))
        #expect(!Flow.reduce(state, .payTapped(S.token, now: Fix.t(601))).effects.hasPay)
    }

    @Test func anExtendedHoldComesBackWithANewCountdown() {
        let checking = Flow.reduce(Fix.held(), .holdTimerFired(Fix.a1, now: Fix.t(600))).state
        let (state, effects) = Flow.reduce(
            checking, .holdRead(Fix.a1, S.hold, sentAt: Fix.t(601), receivedAt: Fix.t(602)))
        #expect(state.countdown == HoldCountdown(anchor: Fix.t(601), expiresIn: .seconds(600)))
        #expect(effects == [.scheduleHoldTimer(Fix.a1, after: .seconds(599))])
    }

    @Test func anEarlyTimerIsRescheduledNotObeyed() {
        let (state, effects) = Flow.reduce(Fix.held(), .holdTimerFired(Fix.a1, now: Fix.t(100)))
        #expect(state == Fix.held())
        #expect(effects == [.scheduleHoldTimer(Fix.a1, after: .seconds(500))])
    }

    @Test func anExpiredHoldSaysRoomNoLongerHeldWithHoldTheRoomAgain() {
        let checking = Flow.reduce(Fix.held(), .holdTimerFired(Fix.a1, now: Fix.t(600))).state
        let (state, effects) = Flow.reduce(checking, .holdReadFailed(Fix.a1, .expired))
        #expect(state.title == "Room no longer held")
        #expect(state.actions.first == .enabled(.retry, label: "Hold the room again"))
        #expect(effects.isEmpty)  // the repository's hold read saved the server's answer
    }

    @Test func acceptingANewPriceHoldsTheNewQuoteWithANewKey() {
        let changed = Flow.reduce(Fix.requestingHold, .holdFailed(Fix.a1, .priceChanged(S.newQuote))).state
        #expect(changed.message == "It was EUR 401.00, it is now EUR 434.00.")
        #expect(Flow.reduce(changed, .acceptNewPriceTapped(attempt: Fix.a1, key: Fix.k1)).effects.isEmpty)
        let (_, effects) = Flow.reduce(changed, .acceptNewPriceTapped(attempt: Fix.a2, key: Fix.k2))
        #expect(
            effects.last
                == .requestHold(Flow.Attempt(id: Fix.a2, key: Fix.k2, offerID: S.offerID, quoteID: S.newQuote.id)))
    }

    @Test func aHoldGrantedAtAnotherPriceThanQuotedIsAPriceChangeNeverPayable() {
        let costlier = Hold(id: S.holdID, expiresInMs: 600_000, price: S.newPrice)!
        let (state, effects) = Flow.reduce(
            Fix.requestingHold,
            .holdGranted(Fix.a1, costlier, sentAt: Fix.t0, receivedAt: Fix.t(2)))
        #expect(state.stage.kind == .priceChanged)
        #expect(state.message == "It was EUR 401.00, it is now EUR 434.00.")
        // The hold at the other price is never paid: it is given up.
        #expect(
            effects == [
                .saveAttemptStatus(AttemptChange(attemptID: Fix.a1, phase: .abandoned)), .releaseHold(Fix.a1, S.holdID),
            ])
        #expect(!Flow.reduce(state, .payTapped(S.token, now: Fix.t(3))).effects.hasPay)
        // Accepting holds the same quote at the price now shown, with a new key.
        let accepted = Flow.reduce(state, .acceptNewPriceTapped(attempt: Fix.a2, key: Fix.k2))
        #expect(
            accepted.effects.last
                == .requestHold(Flow.Attempt(id: Fix.a2, key: Fix.k2, offerID: S.offerID, quoteID: S.quote.id)))
        let held = Flow.reduce(accepted.state, .holdGranted(Fix.a2, costlier, sentAt: Fix.t(4), receivedAt: Fix.t(5)))
        #expect(held.state.stage.kind == .held)
    }

    @Test func aRestoredHoldReadAgainIsCheckedByItsQuoteIdOnly() {
        let restored = Flow.reduce(Flow.explorationStart, .restored(S.record(.held))).state
        let costlier = Hold(id: S.holdID, expiresInMs: 600_000, price: S.newPrice)!
        let read = Flow.reduce(restored, .holdRead(Fix.a1, costlier, sentAt: Fix.t0, receivedAt: Fix.t(1)))
        #expect(read.state.stage.kind == .held)
    }

    @Test func soldOutGoesBackToResultsWithTheItemMarked() {
        let (state, effects) = Flow.reduce(Fix.requestingHold, .holdFailed(Fix.a1, .soldOut))
        #expect(state.stage == .browsing)
        #expect(state.navigation == .results(soldOut: [S.offerID]))
        #expect(effects == [.saveAttemptStatus(AttemptChange(attemptID: Fix.a1, phase: .abandoned))])
    }

    @Test func offlineDisablesHoldAndPayWithTheReason() {
        let offer = Flow.reduce(Fix.offerChosen, .wentOffline).state
        #expect(offer.actions.first == .disabled(.hold, because: "You are offline."))
        #expect(offer.banner != nil)
        let held = Fix.held(online: false)
        #expect(held.actions.first == .disabled(.pay, because: "You are offline."))
        let back = Flow.reduce(held, .cameOnline).state
        #expect(back.actions.first == .enabled(.pay))
        #expect(back.banner == nil)
    }

    @Test func restoredHeldAttemptReadsTheHoldAgain() {
        let (state, effects) = Flow.reduce(Flow.explorationStart, .restored(S.record(.held)))
        #expect(state.stage.kind == .checkingHold)
        #expect(effects == [.readHold(Fix.a1, S.holdID)])
    }

    @Test func restoredHoldRequestIsLetGo() {
        let (state, effects) = Flow.reduce(Flow.explorationStart, .restored(S.record(.holdRequested)))
        #expect(state.stage == .browsing)
        #expect(effects == [.saveAttemptStatus(AttemptChange(attemptID: Fix.a1, phase: .abandoned))])
    }
}
