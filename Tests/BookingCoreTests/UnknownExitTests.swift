import BookingCore
import Testing

/// Unknown is never a dead end: what the flow does when a lookup by key
/// finds no booking (resend with the same key, read the hold, "not paid").
@Suite struct UnknownExitTests {
    typealias Flow = BookingFlow
    typealias S = BookingFlow.Samples

    static let resend = Flow.Effect.pay(
        Flow.PaymentRequest(attempt: Fix.attempt1, holdID: S.holdID, token: Fix.token, isResend: true))

    @Test func aLostAnswerKeepsThePaymentMethodInMemoryForAResend() {
        let submitting = Flow.reduce(Fix.held(), .payTapped(Fix.token, now: Fix.t(30))).state
        let (state, _) = Flow.reduce(submitting, .payFailed(Fix.a1, .unknownOutcome))
        guard case .unknown(let unknown) = state.stage else {
            Issue.record("not unknown: \(state.stage.name)")
            return
        }
        #expect(unknown.token == Fix.token)
    }

    @Test func anEmptyLookupSendsTheSamePaymentWithTheSameKey() {
        let (state, effects) = Flow.reduce(Fix.unknown(token: Fix.token), .attemptLookedUp(Fix.a1, .notFound))
        #expect(effects == [Self.resend])
        #expect(state.pendingWork == .payment)
        #expect(state.message?.contains("Do not pay again") == true)
    }

    @Test func theResendsAnswerWinsAndABookingIsConfirmed() {
        let resending = Fix.unknown(token: Fix.token, waitingFor: .resend)
        let (state, effects) = Flow.reduce(resending, .payAnswered(Fix.a1, Fix.booking(.confirmed, 1)))
        #expect(state.stage.kind == .confirmed)
        #expect(effects.isEmpty)  // the repository saved the answer where it arrived
    }

    @Test func keyInUseOrNoAnswerToTheResendKeepsChecking() {
        let resending = Fix.unknown(checks: 1, token: Fix.token, waitingFor: .resend)
        for failure in [Flow.PaymentFailure.unknownOutcome, .notSent] {
            let (state, effects) = Flow.reduce(resending, .payFailed(Fix.a1, failure))
            #expect(state.stage.kind == .unknown)
            #expect(effects == [.lookUpAttempt(Fix.a1, Fix.k1, after: .seconds(8))])
        }
    }

    @Test func aReplayedServerErrorThenAnEmptyLookupIsNotPaid() {
        let resending = Fix.unknown(checks: 1, token: Fix.token, waitingFor: .resend)
        let (looking, lookup) = Flow.reduce(resending, .payFailed(Fix.a1, .serverFailedTheKey))
        #expect(lookup == [.lookUpAttempt(Fix.a1, Fix.k1, after: .zero)])
        let (state, effects) = Flow.reduce(looking, .attemptLookedUp(Fix.a1, .notFound))
        #expect(state.stage == .notPaid(Flow.NotPaid(attempt: Fix.attempt1, reason: .serverFailedTheKey)))
        #expect(effects == [.saveNotPaid(Fix.a1)])
        #expect(state.stage.isFinal)
        #expect(state.title == "Not paid")
        #expect(state.message?.contains("Nothing was charged") == true)
    }

    @Test func aReplayedServerErrorWithABookingUnderTheKeyIsTheBooking() {
        // A 500 after the commit is stored too: the lookup finds the booking.
        let looking = Fix.unknown(checks: 1, settledBy: .serverFailedTheKey)
        let (state, _) = Flow.reduce(looking, .attemptLookedUp(Fix.a1, .found(Fix.booking(.confirmed, 1))))
        #expect(state.stage.kind == .confirmed)
    }

    @Test func anEndedHoldThenAnEmptyLookupIsNotPaid() {
        let reading = Fix.unknown(checks: 1, waitingFor: .holdRead)
        let (looking, lookup) = Flow.reduce(reading, .holdReadFailed(Fix.a1, .expired))
        #expect(lookup == [.lookUpAttempt(Fix.a1, Fix.k1, after: .zero)])
        let (state, effects) = Flow.reduce(looking, .attemptLookedUp(Fix.a1, .notFound))
        #expect(state.stage == .notPaid(Flow.NotPaid(attempt: Fix.attempt1, reason: .holdEnded)))
        #expect(effects == [.saveNotPaid(Fix.a1)])
    }

    @Test func aResendRefusedForAnEndedHoldIsNotPaid() {
        let resending = Fix.unknown(token: Fix.token, waitingFor: .resend)
        let (state, effects) = Flow.reduce(resending, .payFailed(Fix.a1, .holdExpired))
        #expect(state.stage == .notPaid(Flow.NotPaid(attempt: Fix.attempt1, reason: .holdEnded)))
        #expect(effects == [.saveNotPaid(Fix.a1)])
    }

    @Test func aHoldStillRunningAfterTheScheduleIsLookedUpAgainAtItsEnd() {
        let reading = Fix.unknown(checks: 5, waitingFor: .holdRead)
        let (state, effects) = Flow.reduce(
            reading, .holdRead(Fix.a1, S.hold, sentAt: Fix.t(0), receivedAt: Fix.t(1)))
        #expect(effects == [.lookUpAttempt(Fix.a1, Fix.k1, after: S.hold.expiresIn + .seconds(1))])
        #expect(state.pendingWork == .lookup)
    }

    @Test func notPaidOffersANewAttemptWithANewKey() {
        let notPaid = Fix.state(.notPaid(Flow.NotPaid(attempt: Fix.attempt1, reason: .holdEnded)))
        #expect(notPaid.enabledActions == [.retry, .back])
        #expect(notPaid.actions.first?.label == "Start a new attempt")
        let (state, effects) = Flow.reduce(notPaid, .retryTapped(attempt: Fix.a2, key: Fix.k2))
        #expect(state.stage.kind == .requestingHold)
        #expect(effects.count == 2)
        if case .requestHold(let request) = effects.last { #expect(request.key == Fix.k2) }
        // The old key is never reused for a new attempt.
        #expect(Flow.reduce(notPaid, .retryTapped(attempt: Fix.a2, key: Fix.k1)).effects.isEmpty)
        let offline = Flow.State(stage: notPaid.stage, isOnline: false, guest: S.guest)
        #expect(offline.actions.first?.isEnabled == false)
    }

    @Test func afterARestartNothingIsSentAgainAndAPayTapChangesNothing() {
        // The payment method is never saved: a restored flow reads the hold
        // instead of sending, and a tap cannot bring another card under the key.
        let restored = Flow.reduce(Flow.explorationStart, .restored(S.record(.paymentSubmitted))).state
        #expect(Flow.reduce(restored, .payTapped(Fix.token, now: Fix.t(30))).state == restored)
        let (_, effects) = Flow.reduce(restored, .attemptLookedUp(Fix.a1, .notFound))
        #expect(effects == [.closeKey(Fix.a1, Fix.k1)])
    }

    @Test func aPaymentAnotherProcessSentIsOnlyLookedUpHere() {
        let submitting = Flow.reduce(Fix.held(), .payTapped(Fix.token, now: Fix.t(30))).state
        let (state, _) = Flow.reduce(submitting, .payFailed(Fix.a1, .sentElsewhere))
        let (_, effects) = Flow.reduce(state, .attemptLookedUp(Fix.a1, .notFound))
        #expect(effects == [.closeKey(Fix.a1, Fix.k1)])
    }

    @Test func resendsAreBoundedThenTheKeyIsClosed() {
        var unknown = Flow.Unknown(
            payment: Fix.payment, version: .none, checks: 2, checkPending: true, token: Fix.token,
            resends: Flow.maximumResends)
        unknown.waitingFor = .lookup
        let (_, effects) = Flow.reduce(Fix.state(.unknown(unknown)), .attemptLookedUp(Fix.a1, .notFound))
        #expect(effects == [.closeKey(Fix.a1, Fix.k1)])
    }
}

/// A payment whose lookups could not reach the server waits out its
/// back-off no longer once the network is back, or the app is: the next
/// lookup goes at once.
@Suite struct UnreachableLookupTests {
    typealias Flow = BookingFlow

    /// Unknown, its last lookup unreachable, the next one scheduled.
    static func unreachable() -> Flow.State {
        let (state, effects) = Flow.reduce(Fix.unknown(token: Fix.token), .attemptLookedUp(Fix.a1, .unreachable))
        #expect(effects.allSatisfy { if case .lookUpAttempt(_, _, let after) = $0 { after > .zero } else { false } })
        return state
    }

    @Test(arguments: [Flow.Event.cameOnline, .appForegrounded])
    func theNextLookupGoesAtOnce(event: Flow.Event) {
        let (state, effects) = Flow.reduce(Self.unreachable(), event)
        #expect(effects == [.lookUpAttempt(Fix.a1, Fix.k1, after: .zero)], "\(event.name)")
        #expect(state.stage.kind == .unknown)
        #expect(state.isOnline)
    }

    @Test func aCheckThatReachedTheServerWaitsItsTurnOnlineAgain() {
        let (state, effects) = Flow.reduce(Fix.unknown(token: Fix.token), .cameOnline)
        #expect(effects.isEmpty)
        #expect(state.stage == Fix.unknown(token: Fix.token).stage)
    }
}
