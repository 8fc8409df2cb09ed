import BookingCore
import Testing

/// The cancellation's table, path by path: what is sent, looked up and
/// saved, and where each run ends.
@Suite struct CancelFlowTests {
    typealias Flow = CancelFlow
    let request = CancelFlow.Samples.request
    let id = CancelFlow.Samples.request.bookingID
    var v1: Version { request.version }
    let v2 = Version(rawValue: 2)!

    /// Runs `events` from the start; returns the last state and every effect asked for.
    func run(resumed: Bool = false, _ events: [Flow.Event]) -> (state: Flow.State, effects: [Flow.Effect]) {
        var (state, effects) = Flow.reduce(.idle, .started(request, resumed: resumed))
        for event in events {
            let step = Flow.reduce(state, event)
            state = step.state
            effects += step.effects
        }
        return (state, effects)
    }

    @Test func aNewRequestIsPostedAndSavedBeforeItSaysCancelled() {
        let answered = run([.answered(.init(status: .cancelled, version: v2))])
        #expect(answered.state.name == "saving")
        #expect(answered.effects == [.post(request), .saveCancelled(request)])
        let saved = run([.answered(.init(status: .cancelled, version: v2)), .saved])
        #expect(saved.state == .cancelled(.init(status: .cancelled, version: v2)))
    }

    @Test func aResumedRequestIsLookedUpBeforeAnythingIsSent() {
        let (state, effects) = Flow.reduce(.idle, .started(request, resumed: true))
        #expect(state.name == "unknown")
        #expect(effects == [.lookUp(id)])
    }

    @Test func aLostAnswerIsLookedUpThenSentAgainUnderTheSameKeyAtMostThreeTimes() {
        let stillConfirmed = Flow.Event.lookedUp(.init(status: .confirmed, version: v1))
        let (state, effects) = run([
            .postFailed(.lost("timed out")), stillConfirmed,
            .postFailed(.lost("timed out")), stillConfirmed,
            .postFailed(.lost("timed out")), stillConfirmed,
        ])
        #expect(effects == [.post(request), .lookUp(id), .post(request), .lookUp(id), .post(request), .lookUp(id)])
        #expect(state == .leftOpen("timed out"))
    }

    @Test func aKeyTheServerSpentIsRenewedOnlyWhileTheBookingIsAtTheVersionSent() {
        let renewed = CancelFlow.Samples.renewed
        let spent = Flow.Event.postFailed(.keySpent("a stored 500, replayed"))
        let stillConfirmed = Flow.Event.lookedUp(.init(status: .confirmed, version: v1))
        let (state, effects) = run([spent, stillConfirmed, .renewed(renewed)])
        #expect(effects == [.post(request), .lookUp(id), .renew(request), .post(renewed)])
        #expect(state.name == "sending")
        // Cancelled before it failed: saved, never renewed.
        let cancelled = run([spent, .lookedUp(.init(status: .cancelled, version: v2))])
        #expect(cancelled.effects == [.post(request), .lookUp(id), .saveCancelled(request)])
        // A renewal another run beat leaves the request to that run.
        #expect(run([spent, stillConfirmed, .renewFailed("another run")]).state.name == "leftOpen")
        // A lost answer under the renewed key is looked up again, not renewed.
        let lost = run([spent, stillConfirmed, .renewed(renewed), .postFailed(.lost("timed out")), stillConfirmed])
        #expect(lost.effects.last == .post(renewed))
    }

    @Test func aPostThatNeverLeftClosesTheRequestAsNotSentOnlyWhenNoEarlierOneMayHaveArrived() {
        let fresh = run([.postFailed(.notSent("offline")), .saved])
        #expect(fresh.effects == [.post(request), .saveRefused(request, code: "NOT_SENT", withBooking: false)])
        #expect(fresh.state == .notSent("offline"))
        // Resumed: an earlier run's post may have arrived; nothing is closed on a guess.
        let resumed = run(
            resumed: true, [.lookedUp(.init(status: .confirmed, version: v1)), .postFailed(.notSent("offline"))])
        #expect(resumed.state.name == "unknown")
        #expect(!resumed.effects.contains { $0.name == "saveRefused" })
    }

    @Test func aContradictingAnswerIsDecidedByTheLookupAndACancellationItHidesIsSaved() {
        let hidden = run([
            .answered(.init(status: .confirmed, version: v2)), .lookedUp(.init(status: .cancelled, version: v2)),
        ])
        #expect(hidden.effects == [.post(request), .lookUp(id), .saveCancelled(request)])
        let refused = run([
            .answered(.init(status: .confirmed, version: v1)), .lookedUp(.init(status: .confirmed, version: v1)),
            .currentRead(.init(status: .confirmed, version: v1)), .saved,
        ])
        #expect(refused.effects.filter { $0.name == "post" }.count == 1)
        guard case .refused(let refusal) = refused.state else {
            Issue.record("expected refused, got \(refused.state)")
            return
        }
        #expect(refusal.code == "BOOKING_NOT_CANCELLABLE")
        #expect(refusal.message == "the answer says CONFIRMED")
    }

    @Test func aRefusalWhoseReadFindsTheBookingCancelledIsACancellationNotARefusal() {
        // A gateway (or a replayed answer) refused after the server ran the
        // cancellation: the read that follows every refusal decides.
        let cancelled = Flow.Reading(status: .cancelled, version: v2)
        let after = run([
            .postFailed(.rejected(code: "VERSION_CONFLICT", message: "conflict")), .currentRead(cancelled),
        ])
        #expect(after.effects == [.post(request), .readCurrent(id), .saveCancelled(request)])
        #expect(
            run([.postFailed(.rejected(code: "VERSION_CONFLICT", message: "")), .currentRead(cancelled), .saved])
                .state == .cancelled(cancelled))
        // Still confirmed: a refusal, saved with the server's booking.
        let kept = run([
            .postFailed(.rejected(code: "VERSION_CONFLICT", message: "")),
            .currentRead(.init(status: .confirmed, version: v2)),
        ])
        #expect(kept.effects.last == .saveRefused(request, code: "VERSION_CONFLICT", withBooking: true))
        // Read at the very version sent: "the version changed" cannot hold
        // with it (a stale read). Nothing is concluded; the request stays open.
        let stale = run([
            .postFailed(.rejected(code: "VERSION_CONFLICT", message: "")),
            .currentRead(.init(status: .confirmed, version: v1)),
        ])
        #expect(stale.state.name == "leftOpen")
        #expect(!stale.effects.contains { $0.name == "saveRefused" })
    }

    @Test func aNewerVersionIsAConflictSavedWithTheServersBooking() {
        let newer = Flow.Reading(status: .confirmed, version: v2)
        let (state, effects) = run(resumed: true, [.lookedUp(newer), .saved])
        #expect(effects == [.lookUp(id), .saveRefused(request, code: "VERSION_CONFLICT", withBooking: true)])
        #expect(state.name == "refused")
    }

    @Test func aResumedRequestTheServerDoesNotKnowIsRefusedAndNotSaved() {
        let (state, effects) = run(resumed: true, [.lookUpFoundNothing])
        #expect(effects == [.lookUp(id)])
        #expect(state.name == "refused")
        let fresh = run([.postFailed(.lost("x")), .lookUpFoundNothing])
        #expect(fresh.effects.last == .saveRefused(request, code: "NOT_FOUND", withBooking: false))
    }

    @Test func anAnswerThatCannotBeSavedLeavesTheRequestOpen() {
        let (state, _) = run([.answered(.init(status: .cancelled, version: v2)), .saveFailed("disk full")])
        #expect(state == .leftOpen("the server's answer could not be saved: disk full"))
    }

    @Test func aWaitOrAFailedLookupLeavesTheRequestOpenWithNothingSaved() {
        let wait = run([.postFailed(.waitRequested("until 13:59"))])
        #expect(wait.state == .leftOpen("until 13:59"))
        let lookup = run(resumed: true, [.lookUpFailed("offline")])
        #expect(lookup.state == .leftOpen("offline"))
        #expect(!(wait.effects + lookup.effects).contains { $0.name.hasPrefix("save") })
    }

    @Test func eventsAStageDoesNotTakeChangeNothing() {
        let sending = Flow.reduce(.idle, .started(request, resumed: false)).state
        for event in [Flow.Event.saved, .lookUpFoundNothing, .currentRead(nil), .started(request, resumed: true)] {
            let step = Flow.reduce(sending, event)
            #expect(step.state == sending)
            #expect(step.effects.isEmpty)
        }
    }
}
