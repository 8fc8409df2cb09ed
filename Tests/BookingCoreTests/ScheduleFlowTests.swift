import BookingCore
import Testing

/// The two schedules as the flow runs them, and what the screen says when
/// they end.
@Suite struct ScheduleFlowTests {
    typealias Flow = BookingFlow

    @Test func lostAnswerChecksBackOffThenStopAfterSixWithTheExactMessage() {
        var (state, effects) = Flow.reduce(Fix.submitting, .payFailed(Fix.a1, .unknownOutcome))
        var waits: [Duration] = []
        while case .lookUpAttempt(let id, let key, let wait)? = effects.first {
            #expect(id == Fix.a1 && key == Fix.k1)
            waits.append(wait)
            (state, effects) = Flow.reduce(state, .attemptLookedUp(Fix.a1, .unreachable))
        }
        #expect(waits == [0, 4, 8, 16, 32, 60].map { .seconds($0) })
        #expect(effects.isEmpty)
        #expect(
            state.message
                == BookingFlow.couldNotConfirmMessage)
        #expect(!state.actions.contains { $0.action == .pay })
        #expect(state.enabledActions == [.checkAgain, .back])  // Back: the checks go on (issue 22 item 6)
    }

    @Test func aLookupThatFindsNothingWithNoPaymentMethodClosesTheKeyAndNeverPays() {
        let (state, effects) = Flow.reduce(Fix.unknown(checks: 0), .attemptLookedUp(Fix.a1, .notFound))
        #expect(effects == [.closeKey(Fix.a1, Fix.k1)])
        #expect(state.stage.kind == .unknown)
        #expect(state.pendingWork == .lookup)
        #expect(!state.actions.contains { $0.action == .pay })
    }

    @Test func checkAgainAfterGivingUpAsksOnceMore() {
        let gaveUp = Fix.unknown(checks: 6, pending: false)
        let (asking, effects) = Flow.reduce(gaveUp, .checkAgainTapped)
        #expect(effects == [.lookUpAttempt(Fix.a1, Fix.k1, after: .zero)])
        #expect(Flow.reduce(asking, .checkAgainTapped).effects.isEmpty)  // one at a time
        let found = Flow.reduce(asking, .attemptLookedUp(Fix.a1, .found(Fix.booking(.confirmed, 1)))).state
        #expect(found.stage.kind == .confirmed)
    }

    @Test func threeDSecurePollsNineTimesInFiftyFiveSecondsThenStillChecking() {
        var (state, effects) = Flow.reduce(Fix.actionRequired, .challengeReturned(Fix.a1))
        var waits: [Duration] = []
        while case .pollBooking(_, let booking, let wait)? = effects.first {
            #expect(booking == BookingFlow.Samples.bookingID)
            waits.append(wait)
            (state, effects) = Flow.reduce(state, .bookingPolled(Fix.a1, .found(Fix.booking(.processing, 1))))
        }
        #expect(waits == [1, 2, 4, 8, 8, 8, 8, 8, 8].map { .seconds($0) })
        #expect(waits.reduce(.zero, +) == .seconds(55))
        #expect(state.title == "Still checking")
        #expect(state.enabledActions == [.checkAgain, .back])  // Back: the checks go on (issue 22 item 6)
    }

    @Test func theRedirectResultIsOnlyAHintAndForegroundAlsoPolls() {
        let returned = Flow.reduce(Fix.actionRequired, .challengeReturned(Fix.a1))
        let foreground = Flow.reduce(Fix.actionRequired, .appForegrounded)
        #expect(returned.state.stage.kind == .processing)
        #expect(returned.state == foreground.state && returned.effects == foreground.effects)
    }

    @Test func actionRequiredOpensTheChallengeAndSavesNothing() {
        // The repository saved ACTION_REQUIRED with the answer, where it arrived.
        let (state, effects) = Flow.reduce(Fix.submitting, .payAnswered(Fix.a1, Fix.booking(.actionRequired, 1)))
        let url = "https://bank.example/3ds/booking-1"
        #expect(effects == [.openChallenge(Fix.a1, url: url)])
        #expect(state.navigation == .challenge(url: url))
    }

    @Test func confirmedShowsTheTripAndLeavesItsSaveToTheRepository() {
        // One writer: the repository saved the trip and CONFIRMED in one
        // transaction when the answer arrived; the flow saves nothing.
        let booking = Fix.booking(.confirmed, 3)
        let (state, effects) = Flow.reduce(Fix.processing(polls: 2), .bookingPolled(Fix.a1, .found(booking)))
        #expect(effects.isEmpty)
        #expect(state.navigation == .trip(booking.id))
        #expect(state.tripToLoad == booking.id)
    }

    @Test func aVersionNotNewerIsIgnored() {
        let state = Fix.processing(polls: 0, version: 3)
        let (next, effects) = Flow.reduce(state, .payAnswered(Fix.a1, Fix.booking(.confirmed, 3)))
        #expect(next == state && effects.isEmpty)
        let older = Flow.reduce(state, .bookingPolled(Fix.a1, .found(Fix.booking(.failed, 2))))
        #expect(older.state.stage.kind == .processing)
        #expect(!older.effects.contains { if case .saveAttemptStatus = $0 { true } else { false } })
    }
}
