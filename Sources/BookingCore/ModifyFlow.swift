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
///   `maxSends` posts a run;
/// - the modified booking is saved as the trip before the run says "done";
///   a refusal closes the request; an expired quote the server re-quoted
///   goes back to the quote, for the user to accept or not;
/// - a wait the server asks for, a lookup that fails, or an answer that
///   cannot be saved leave the request open for the next run or
///   reconciliation (`leftOpen`): never a guess.
package enum ModifyFlow {
    /// Posts in one run before the request is left open.
    package static let maxSends = 3

    /// Before the run starts.
    package static let initialState = State.idle

    /// The next state and the effects for `event` in `state`. Pure; total:
    /// an event the stage does not take changes nothing and asks for nothing.
    package static func reduce(_ state: State, _ event: Event) -> (state: State, effects: [Effect]) {
        switch (state, event) {
        case (.idle, .started(let change)):
            return (.quoting(change), [.requestQuote(change)])
        case (.idle, .resumed(let request)):
            return next(Progress(request: request, resumed: true))
        case (.quoting, .quoteReceived(let quote)):
            return (.quoted(quote), [])
        case (.quoting, .quoteRefused(let code, let message)):
            return (.refused(Refusal(code: code, message: message)), [])
        case (.quoting, .quoteFailed(let detail)):
            return (.failed(detail), [])
        case (.quoted(let quote), .accepted):
            return (.recording(quote), [.record(quote)])
        case (.quoted, .wentBack):
            return (.wentBack, [])
        case (.recording, .recorded(let request)):
            return post(Progress(request: request, resumed: false))
        case (.recording, .recordFailed(let detail)):
            return (.failed("the request could not be saved: \(detail)"), [])
        case (.sending(let progress), .answered(let reading)):
            // A 2xx that does not show the new dates at a newer version
            // contradicts itself: the server's read decides.
            return reading.shows(progress.request)
                ? saving(progress, .modified(reading)) : (.unknown(progress), [.lookUp(progress.request.bookingID)])
        case (.sending(let progress), .requoted(let quote)):
            return saving(progress, .requoted(quote))
        case (.sending(let progress), .postFailed(let failure)):
            return postFailed(progress, failure)
        case (.unknown(let progress), .lookedUp(let reading)):
            return lookedUp(progress, reading)
        case (.unknown, .lookUpFailed(let detail)):
            return (.leftOpen(detail), [])
        case (.saving(_, let outcome), .saved):
            switch outcome {
            case .modified(let reading): return (.done(reading), [])
            case .refused(let refusal): return (.refused(refusal), [])
            case .requoted(let quote): return (.quoted(quote), [])
            case .notSent(let detail): return (.failed(detail), [])
            }
        case (.saving, .saveFailed(let detail)):
            // Not saved: the request stays open and the next look settles it.
            return (.leftOpen("the server's answer could not be saved: \(detail)"), [])
        default:
            return (state, [])
        }
    }

    /// The next step of a sent request: a lookup when an earlier post may
    /// have reached the server, else a post.
    private static func next(_ progress: Progress) -> (state: State, effects: [Effect]) {
        progress.mayHaveLeft ? (.unknown(progress), [.lookUp(progress.request.bookingID)]) : post(progress)
    }

    private static func post(_ progress: Progress) -> (state: State, effects: [Effect]) {
        var progress = progress
        progress.sends += 1
        return (.sending(progress), [.post(progress.request)])
    }

    private static func postFailed(_ progress: Progress, _ failure: PostFailure) -> (state: State, effects: [Effect]) {
        var progress = progress
        switch failure {
        case .notSent(let detail) where !progress.mayHaveLeft:
            // Every try stayed on the device and no earlier send may have
            // arrived: it changed nothing.
            return saving(progress, .notSent(detail))
        case .rejected(let code, let message):
            return saving(progress, .refused(Refusal(code: code, message: message)))
        case .waitRequested(let detail):
            return (.leftOpen(detail), [])
        case .notSent:
            progress.lastDetail = "the server cannot be reached"
        case .lost(let detail):
            progress.lastDetail = detail
        }
        // The answer is lost or unusable: the request may have been
        // applied. Ask the server before sending again.
        progress.mayHaveLeft = true
        return next(progress)
    }

    private static func lookedUp(_ progress: Progress, _ reading: Reading) -> (state: State, effects: [Effect]) {
        if reading.shows(progress.request) { return saving(progress, .modified(reading)) }
        switch reading.status {
        case .confirmed where reading.version == progress.request.version:
            // Still at the version sent: a resend with the same key is safe
            // (the server replays it, or applies that version's change once).
            return progress.sends < maxSends ? post(progress) : (.leftOpen(progress.lastDetail), [])
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
