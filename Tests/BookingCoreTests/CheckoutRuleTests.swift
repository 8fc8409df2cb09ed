import BookingCore
import Testing

/// The checkout seed's rules, one test each, for payments and for holds.
@Suite struct CheckoutRuleTests {
    typealias Flow = BookingFlow
    typealias S = BookingFlow.Samples

    @Test func secondTapInSubmittingSendsNothing() {
        let state = Fix.submitting
        let (next, effects) = Flow.reduce(state, .payTapped(S.token, now: Fix.t(10)))
        #expect(next == state)
        #expect(effects.isEmpty)
    }

    @Test func secondHoldTapWhileRequestingSendsNothing() {
        let state = Fix.requestingHold
        let (next, effects) = Flow.reduce(state, .holdTapped(attempt: Fix.a2, key: Fix.k2))
        #expect(next == state)
        #expect(effects.isEmpty)
    }

    @Test func attemptStatusIsSavedBeforeThePaymentIsSent() {
        let (next, effects) = Flow.reduce(Fix.held(), .payTapped(S.token, now: Fix.t(30)))
        #expect(
            effects == [
                .saveAttemptStatus(AttemptChange(attemptID: Fix.a1, phase: .paymentSubmitted, guest: S.guest)),
                .pay(Flow.PaymentRequest(attempt: Fix.attempt1, holdID: S.holdID, token: S.token)),
            ])
        #expect(next.stage.kind == .submitting)
    }

    @Test func attemptIsSavedBeforeTheHoldIsRequested() {
        let (next, effects) = Flow.reduce(Fix.offerChosen, .holdTapped(attempt: Fix.a1, key: Fix.k1))
        #expect(
            effects == [
                .saveAttempt(Fix.attempt1),
                .requestHold(Fix.attempt1),
            ])
        #expect(next.stage == .requestingHold(Flow.RequestingHold(attempt: Fix.attempt1, offer: S.offer)))
    }

    @Test func savedPaymentAfterARestartStartsInUnknownAndAsksTheServer() {
        let (next, effects) = Flow.reduce(Flow.explorationStart, .restored(S.record(.paymentSubmitted)))
        #expect(next == Fix.unknown(checks: 0, pending: true))
        #expect(effects == [.lookUpAttempt(Fix.a1, Fix.k1, after: .zero)])
    }

    @Test func savedThreeDSecureAttemptAfterARestartStartsInProcessing() {
        for phase in [AttemptPhase.actionRequired, .processing] {
            let (next, effects) = Flow.reduce(Flow.explorationStart, .restored(S.record(phase)))
            #expect(next.stage.kind == .processing)
            #expect(effects == [.pollBooking(Fix.a1, S.bookingID, after: .seconds(1))])
        }
    }

    @Test func restoreNeverReturnsToAStageThatCouldPayWhenMoneyMayHaveMoved() {
        for phase in AttemptPhase.allCases where phase.mayHaveCharged && !phase.isFinal {
            let (next, effects) = Flow.reduce(Flow.explorationStart, .restored(S.record(phase)))
            #expect(["unknown", "processing"].contains(next.stage.name), "\(phase)")
            #expect(!effects.hasPay)
        }
    }

    @Test func answerForAnOldAttemptIsDropped() {
        let state = Fix.submitting
        let (next, effects) = Flow.reduce(state, .payAnswered(Fix.a2, Fix.booking(.confirmed, 1)))
        #expect(next == state)
        #expect(effects.isEmpty)
    }

    @Test func holdForAnOldAttemptIsDropped() {
        let state = Fix.requestingHold
        let (next, effects) = Flow.reduce(state, .holdGranted(Fix.a2, S.hold, sentAt: Fix.t0, receivedAt: Fix.t(1)))
        #expect(next == state)
        #expect(effects.isEmpty)
    }

    @Test func lateAnswerInUnknownStillWins() {
        let (next, effects) = Flow.reduce(Fix.unknown(checks: 3), .payAnswered(Fix.a1, Fix.booking(.confirmed, 1)))
        guard case .confirmed(let settled) = next.stage else {
            Issue.record("expected confirmed, got \(next.stage.name)")
            return
        }
        #expect(settled.booking.id == S.bookingID)
        #expect(effects.isEmpty)  // the repository saved the answer (and the trip) where it arrived
    }

    @Test func payIsOnlyAskedForFromHeldOnlineWithTimeLeft() {
        #expect(Flow.reduce(Fix.held(), .payTapped(S.token, now: Fix.t(30))).effects.hasPay)
        #expect(Flow.reduce(Fix.held(online: false), .payTapped(S.token, now: Fix.t(30))).effects.isEmpty)
        let late = Flow.reduce(Fix.held(), .payTapped(S.token, now: Fix.t(601)))
        #expect(!late.effects.hasPay)
        #expect(late.state.stage.kind == .checkingHold)
    }

    @Test func holdIsOnlyRequestedFromAnOfferOnlineOrAfterAPriceChangeOrFailure() {
        let offline = Flow.State(stage: .offerChosen(S.offer), isOnline: false, guest: S.guest)
        #expect(Flow.reduce(offline, .holdTapped(attempt: Fix.a1, key: Fix.k1)).effects.isEmpty)
        #expect(
            Flow.reduce(Fix.offerChosen, .holdTapped(attempt: Fix.a1, key: Fix.k1)).effects
                .hasRequestHold)
    }

    @Test func retryAfterAFailureIsANewAttemptWithANewKey() {
        let failed = Flow.reduce(Fix.requestingHold, .holdFailed(Fix.a1, .unavailable)).state
        #expect(Flow.reduce(failed, .retryTapped(attempt: Fix.a1, key: Fix.k1)).effects.isEmpty)
        let (next, effects) = Flow.reduce(failed, .retryTapped(attempt: Fix.a2, key: Fix.k2))
        #expect(next.stage.attemptID == Fix.a2)
        #expect(
            effects.first
                == .saveAttempt(Flow.Attempt(id: Fix.a2, key: Fix.k2, offerID: S.offerID, quoteID: S.quote.id)))
    }
}
