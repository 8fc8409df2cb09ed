/// Changing a confirmed booking's dates as a pure state machine, in the
/// shape every flow that moves money has (`FlowMachine`).
///
/// The server quotes the new dates first (the new total and the difference
/// to charge or refund); nothing moves until the user accepts. Then the
/// durable-request pattern of the cancel flow:
/// - the request (the quote, the version it applies at, a new idempotency
///   key) is saved before anything is sent; a resumed one (an earlier run
///   may have sent it) is looked up first;
/// - a lost or unusable answer is looked up (`GET` the booking): a newer
///   version on the new dates is the modification applied; the same version
///   is sent again with the same key (the server applies it once), at most
///   `maxSends` posts a run; a key the server spent on a failure it stored
///   is renewed (the request saved again under a new key) first;
/// - the modified booking is saved as the trip before the run says "modified";
///   a refusal closes the request; an expired quote the server re-quoted
///   goes back to the quote, for the user to accept or not;
/// - a wait the server asks for, a lookup that fails, or an answer that
///   cannot be saved leave the request open for the next run or
///   reconciliation (`leftOpen`): never a guess;
/// - a refusal is checked with a read of the booking before the run says
///   nothing changed: a booking on the new dates at a newer version is the
///   change an earlier try made.
package enum ModifyFlow {
    /// Posts in one run before the request is left open.
    package static var maxSends: Int { Progress.maxSends }

    /// Before the run starts.
    package static let initialState = State.idle

    /// The next state and the effects for `event` in `state`. Pure; total:
    /// an event the stage does not take changes nothing and asks for nothing.
    package static func reduce(_ state: State, _ event: Event) -> (state: State, effects: [Effect]) {
        switch (state, event) {
        case (.idle, .started(let change)):
            return (.quoting(change), [.requestQuote(change)])
        case (.idle, .resumed(let request)):
            return apply(Progress(request: request, resumed: true).next())
        case (.quoting, .quoteReceived(let quote)):
            return (.quoted(quote), [])
        case (.quoting, .quoteRefused(let code, let message)):
            return (.refused(Refusal(code: code, message: message)), [])
        case (.quoting, .quoteFailed(let detail)):
            return (.notSent(detail), [])
        case (.quoted(let quote), .accepted):
            return (.recording(quote), [.record(quote)])
        case (.quoted, .wentBack):
            return (.wentBack, [])
        case (.recording, .recorded(let request)):
            return apply(Progress(request: request, resumed: false).next())
        case (.recording, .recordFailed(let detail)):
            return (.notSent("the request could not be saved: \(detail)"), [])
        case (.sending(let progress), .answered(let reading)):
            // A 2xx that does not show the new dates at a newer version
            // contradicts itself: the server's read decides.
            return reading.shows(progress.request)
                ? saving(progress, .modified(reading)) : (.unknown(progress), [.lookUp(progress.request.bookingID)])
        case (.sending(let progress), .requoted(let quote)):
            return saving(progress, .requoted(quote))
        case (.sending(let progress), .postFailed(let failure)):
            return apply(progress.failed(failure))
        case (.unknown(let progress), .lookedUp(let reading)):
            return lookedUp(progress, reading)
        case (.unknown, .lookUpFailed(let detail)):
            return (.leftOpen(detail), [])
        case (.renewing(let progress), .renewed(let request)):
            return apply(progress.renewed(as: request).next())
        case (.renewing, .renewFailed(let detail)):
            return (.unsavedRenewal(detail), [])
        case (.readingCurrent(let progress, let refusal), .lookedUp(let reading)):
            // The booking on the new dates at a newer version: the change
            // was made (by an earlier try), whatever this answer said.
            if reading.shows(progress.request) { return saving(progress, .modified(reading)) }
            // "The version changed", and a read at the version sent: the
            // server said two things that cannot both hold (a stale read, or
            // an answer from something in front of it). Nothing is
            // concluded; the next look asks again.
            if refusal.code == "VERSION_CHANGED", reading.status == .confirmed,
                reading.version == progress.request.version
            {
                return (
                    .leftOpen(
                        "the server refused (VERSION_CHANGED) but the booking reads unchanged at the version sent"), []
                )
            }
            return saving(progress, .refused(refusal))
        case (.readingCurrent(_, let refusal), .lookUpFailed(let detail)):
            return (
                .leftOpen(
                    "the server refused (\(refusal.code)) and the booking could not be read to see whether an "
                        + "earlier try changed it: \(detail)"), []
            )
        case (.saving(_, let outcome), .saved):
            switch outcome {
            case .modified(let reading): return (.modified(reading), [])
            case .refused(let refusal): return (.refused(refusal), [])
            case .requoted(let quote): return (.quoted(quote), [])
            case .notSent(let detail): return (.notSent(detail), [])
            }
        case (.saving, .saveFailed(let detail)):
            return (.unsavedAnswer(detail), [])
        default:
            return (state, [])
        }
    }

    /// The state and effects of a step every durable request shares.
    private static func apply(_ step: Progress.Step) -> (state: State, effects: [Effect]) {
        step.transition(
            notSent: { progress, detail in saving(progress, .notSent(detail)) },
            refused: { progress, code, message in
                let refusal = Refusal(code: code, message: message)
                if code == "NOT_FOUND" { return saving(progress, .refused(refusal)) }
                // The refusal is the server's word on this request, not on
                // the booking: read it before saying that nothing changed.
                return (.readingCurrent(progress, refusal), [.lookUp(progress.request.bookingID)])
            })
    }

    private static func lookedUp(_ progress: Progress, _ reading: Reading) -> (state: State, effects: [Effect]) {
        if reading.shows(progress.request) { return saving(progress, .modified(reading)) }
        switch reading.status {
        case .confirmed where reading.version == progress.request.version:
            // Still at the version sent: nothing changed yet.
            return apply(progress.atVersionSent())
        case .confirmed:
            return saving(
                progress,
                .refused(Refusal(code: "VERSION_CHANGED", message: "the booking changed since it was quoted")))
        default:
            return saving(
                progress,
                .refused(
                    Refusal(code: "BOOKING_NOT_MODIFIABLE", message: "only a confirmed booking can change its dates")))
        }
    }

    private static func saving(_ progress: Progress, _ outcome: Outcome) -> (state: State, effects: [Effect]) {
        let effect: Effect
        switch outcome {
        case .modified: effect = .saveModified(progress.request)
        case .refused(let refusal): effect = .saveRefused(progress.request, code: refusal.code)
        case .requoted: effect = .saveRefused(progress.request, code: "QUOTE_EXPIRED")
        case .notSent: effect = .saveRefused(progress.request, code: "NOT_SENT")
        }
        return (.saving(progress, outcome), [effect])
    }
}
