import BookingCore
import Testing

/// The modification's table, path by path: the quote shown before anything
/// moves, the request saved before it is sent, a lost answer looked up, and
/// where each run ends.
@Suite struct ModifyFlowTests {
    typealias Flow = ModifyFlow
    let change = Flow.Samples.change
    let quote = Flow.Samples.quote
    let request = Flow.Samples.request
    var id: BookingID { request.bookingID }
    var applied: Flow.Reading {
        .init(status: .confirmed, version: Version(rawValue: 2)!, checkIn: quote.checkIn, checkOut: quote.checkOut)
    }

    /// Runs `events` from `state`; returns the last state and every effect asked for.
    func run(from state: Flow.State = .idle, _ events: [Flow.Event]) -> (state: Flow.State, effects: [Flow.Effect]) {
        var state = state
        var effects: [Flow.Effect] = []
        for event in events {
            let step = Flow.reduce(state, event)
            state = step.state
            effects += step.effects
        }
        return (state, effects)
    }

    /// Started, quoted, accepted and recorded: the first post is out.
    var sent: [Flow.Event] { [.started(change), .quoteReceived(quote), .accepted, .recorded(request)] }

    @Test func theQuoteIsShownAndNothingIsSavedOrSentBeforeTheUserAccepts() {
        let quoted = run([.started(change), .quoteReceived(quote)])
        #expect(quoted.state == .quoted(quote))
        #expect(quoted.effects == [.requestQuote(change)])
        let back = run([.started(change), .quoteReceived(quote), .wentBack])
        #expect(back.state == .wentBack)
        #expect(back.effects == [.requestQuote(change)])
    }

    @Test func anAcceptedQuoteIsSavedThenPostedAndTheTripSavedBeforeItSaysDone() {
        let (state, effects) = run(sent + [.answered(applied), .saved])
        #expect(effects == [.requestQuote(change), .record(quote), .post(request), .saveModified(request)])
        #expect(state == .modified(applied))
    }

    @Test func aRequestThatCannotBeSavedIsNeverSent() {
        let (state, effects) = run([.started(change), .quoteReceived(quote), .accepted, .recordFailed("disk full")])
        #expect(!effects.contains { $0.name == "post" })
        #expect(state.name == "notSent")
    }

    @Test func aLostAnswerIsLookedUpAndANewerVersionOnTheNewDatesIsTheChangeApplied() {
        let (state, effects) = run(sent + [.postFailed(.lost("timed out")), .lookedUp(applied), .saved])
        #expect(effects.suffix(3) == [.post(request), .lookUp(id), .saveModified(request)])
        #expect(state == .modified(applied))
    }

    @Test func aLostAnswerIsSentAgainUnderTheSameKeyWhileTheVersionStaysAtMostThreeTimes() {
        let before = Flow.Samples.before
        let (state, effects) = run(
            sent + [
                .postFailed(.lost("timed out")), .lookedUp(before), .postFailed(.lost("timed out")), .lookedUp(before),
                .postFailed(.lost("timed out")), .lookedUp(before),
            ])
        #expect(effects.filter { $0 == .post(request) }.count == 3)
        #expect(state == .leftOpen("timed out"))
    }

    @Test func aResumedRequestIsLookedUpFirstAndABookingChangedOtherwiseIsRefused() {
        let resumed = Flow.reduce(.idle, .resumed(request))
        #expect(resumed.state.name == "unknown")
        #expect(resumed.effects == [.lookUp(id)])
        let moved = Flow.Reading(
            status: .confirmed, version: Version(rawValue: 2)!, checkIn: Flow.Samples.before.checkIn,
            checkOut: Flow.Samples.before.checkOut)
        let (state, effects) = run(from: resumed.state, [.lookedUp(moved), .saved])
        #expect(effects == [.saveRefused(request, code: "VERSION_CHANGED")])
        #expect(state.name == "refused")
    }

    @Test func anExpiredQuoteClosesTheRequestAndShowsTheNewQuote() {
        let requote = Flow.Samples.requote
        let (state, effects) = run(sent + [.requoted(requote), .saved])
        #expect(effects.last == .saveRefused(request, code: "QUOTE_EXPIRED"))
        #expect(state == .quoted(requote))
    }

    @Test func refusalsAreNamedAndNothingIsSentAfterThem() {
        let quote = run([.started(change), .quoteRefused(code: "INVALID_DATES", message: "checkIn is in the past.")])
        #expect(quote.state == .refused(.init(code: "INVALID_DATES", message: "checkIn is in the past.")))
        // The booking is read before "nothing changed" is said.
        let post = run(
            sent + [
                .postFailed(.rejected(code: "SOLD_OUT", message: "no room")), .lookedUp(Flow.Samples.before), .saved,
            ])
        #expect(post.state == .refused(.init(code: "SOLD_OUT", message: "no room")))
        #expect(post.effects.filter { $0.name == "post" }.count == 1)
        #expect(post.effects.filter { $0.name == "lookUp" }.count == 1)
    }

    @Test func aRefusalForAChangeAnEarlierTryMadeSavesTheChange() {
        let made = run(
            sent + [.postFailed(.rejected(code: "VERSION_CHANGED", message: "changed")), .lookedUp(applied)])
        #expect(made.effects.last == .saveModified(request))
        let unread = run(
            sent + [.postFailed(.rejected(code: "VERSION_CHANGED", message: "changed")), .lookUpFailed("x")])
        #expect(unread.state.name == "leftOpen")
    }

    @Test func aVersionRefusalWhoseReadShowsTheVersionSentConcludesNothing() {
        // "The version changed" and a read at the version sent cannot both
        // hold (a stale read after a change the server made): left open,
        // nothing saved, for the next look.
        let stale = run(
            sent + [
                .postFailed(.rejected(code: "VERSION_CHANGED", message: "changed")), .lookedUp(Flow.Samples.before),
            ])
        #expect(stale.state.name == "leftOpen")
        #expect(!stale.effects.contains { $0.name == "saveRefused" })
    }

    @Test func aPostThatNeverLeftFailsOnlyWhenNoEarlierOneMayHaveArrived() {
        let fresh = run(sent + [.postFailed(.notSent("offline")), .saved])
        #expect(fresh.effects.last == .saveRefused(request, code: "NOT_SENT"))
        #expect(fresh.state == .notSent("offline"))
        let resumed = run([.resumed(request), .lookedUp(Flow.Samples.before), .postFailed(.notSent("offline"))])
        #expect(resumed.state.name == "unknown")
    }

    @Test func anAnswerThatCannotBeSavedLeavesTheRequestOpen() {
        let (state, _) = run(sent + [.answered(applied), .saveFailed("disk full")])
        #expect(state.name == "leftOpen")
    }
}
