/// Cancelling a trip as a pure state machine, in the shape of the booking
/// flow (`FlowMachine`): the same durable-request pattern, now as states,
/// events and effects with one `reduce`, so it has a table, a diagram, the
/// generic checks and replay like every flow that moves money.
///
/// One run settles one saved request (`Request`: the booking, the version
/// it cancels and its idempotency key, committed before anything is sent):
/// - a new request is posted; a resumed one (an earlier run may have sent
///   it) is looked up first;
/// - a lost or unusable answer is looked up (`GET` the booking), and sent
///   again with the same key and version only while the server still has
///   the booking confirmed at that version, at most `maxSends` posts a run;
///   a key the server spent on a failure it stored is renewed (the request
///   saved again under a new key) before the next post;
/// - a cancelled booking is saved as the trip, with its refund, before the
///   run says "cancelled"; a refusal is saved with the booking as the
///   server has it now (read once, best effort), so the trip shows the
///   truth, and a refusal whose read finds the booking cancelled is a
///   cancellation (the refusal came after it ran); a refusal whose read
///   fails is left open, never concluded;
/// - a post that certainly never left the device, when no earlier one may
///   have arrived, closes the request as not sent;
/// - a wait the server asks for, a lookup that fails, or an answer that
///   cannot be saved leave the request open for the next run or
///   reconciliation (`leftOpen`): never a guess.
package enum CancelFlow {
    /// Posts in one run before the request is left open.
    package static var maxSends: Int { Progress.maxSends }

    /// The words when a lookup after a lost answer finds no such booking.
    package static let notFoundMessage = "the server has no such booking for this account"

    /// Before the run starts.
    package static let initialState = State.idle

    /// The next state and the effects for `event` in `state`. Pure; total:
    /// an event the stage does not take changes nothing and asks for nothing.
    package static func reduce(_ state: State, _ event: Event) -> (state: State, effects: [Effect]) {
        switch (state, event) {
        case (.idle, .started(let request, let resumed)):
            return apply(Progress(request: request, resumed: resumed).next())
        case (.sending(let progress), .answered(let reading)):
            // A 2xx that is not CANCELLED contradicts itself (the server
            // answers a cancel it refused with an error): it may hide a
            // cancellation and refund that happened. The server's read decides.
            return reading.status == .cancelled
                ? saving(progress, .cancelled(reading)) : apply(progress.contradicted(by: reading.status))
        case (.sending(let progress), .postFailed(let failure)):
            return apply(progress.failed(failure))
        case (.unknown(let progress), .lookedUp(let reading)):
            return lookedUp(progress, reading)
        case (.unknown(let progress), .lookUpFoundNothing):
            // A resumed request was made by an earlier run, maybe under
            // another account: only that account can settle it, so it is
            // refused for this run and stays saved as it is.
            if progress.resumed {
                return (.refused(Refusal(code: "NOT_FOUND", message: notFoundMessage, current: nil)), [])
            }
            return refuse(progress, code: "NOT_FOUND", message: notFoundMessage, current: nil)
        case (.unknown, .lookUpFailed(let detail)):
            return (.leftOpen(detail), [])
        case (.renewing(let progress), .renewed(let request)):
            return apply(progress.renewed(as: request).next())
        case (.renewing, .renewFailed(let detail)):
            return (.unsavedRenewal(detail), [])
        case (.readingCurrent(_, let code, _), .currentRead(nil)):
            // The refusal is not checked: it may have come after the
            // cancellation ran. Nothing is concluded; the request stays open
            // and the next look reads the booking first.
            return (
                .leftOpen(
                    "the server refused (\(code)) and the booking could not be read to see whether it was cancelled"),
                []
            )
        case (.readingCurrent(let progress, let code, let message), .currentRead(let current)):
            // Cancelled on the server after all: the refusal came after the
            // cancellation ran (a gateway, a replayed answer) or another
            // device cancelled it. Either way the trip is cancelled, never
            // "refused, nothing was cancelled".
            if let current, current.status == .cancelled { return saving(progress, .cancelled(current)) }
            // "The version changed", and a read at the version sent: two
            // answers that cannot both hold (a stale read, or an answer from
            // something in front of the server). Nothing is concluded; the
            // request stays open and the next look asks again.
            if code == "VERSION_CONFLICT", let current, current.status == .confirmed,
                current.version == progress.request.version
            {
                return (
                    .leftOpen(
                        "the server refused (VERSION_CONFLICT) but the booking reads unchanged at the version sent"),
                    []
                )
            }
            return saving(progress, .refused(Refusal(code: code, message: message, current: current)))
        case (.saving(_, let outcome), .saved):
            switch outcome {
            case .cancelled(let reading): return (.cancelled(reading), [])
            case .refused(let refusal): return (.refused(refusal), [])
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
            refused: { progress, code, message in refuse(progress, code: code, message: message, current: nil) })
    }

    private static func lookedUp(_ progress: Progress, _ reading: Reading) -> (state: State, effects: [Effect]) {
        switch reading.status {
        case .cancelled:
            return saving(progress, .cancelled(reading))
        case .confirmed where reading.version == progress.request.version:
            if let said = progress.contradiction {
                return refuse(
                    progress, code: "BOOKING_NOT_CANCELLABLE", message: "the answer says \(said.rawValue)", current: nil
                )
            }
            // Still confirmed at the version sent: nothing was cancelled yet.
            return apply(progress.atVersionSent())
        case .confirmed:
            return refuse(
                progress, code: "VERSION_CONFLICT", message: "the booking changed since this device read it",
                current: reading)
        default:
            return refuse(
                progress, code: "BOOKING_NOT_CANCELLABLE", message: "only a confirmed booking can be cancelled",
                current: reading)
        }
    }

    /// Closes the request as refused, saving the booking as the server has
    /// it now: read first when not known (except for a booking the server
    /// does not have).
    private static func refuse(_ progress: Progress, code: String, message: String, current: Reading?)
        -> (state: State, effects: [Effect])
    {
        if current == nil && code != "NOT_FOUND" {
            return (.readingCurrent(progress, code: code, message: message), [.readCurrent(progress.request.bookingID)])
        }
        return saving(progress, .refused(Refusal(code: code, message: message, current: current)))
    }

    private static func saving(_ progress: Progress, _ outcome: Outcome) -> (state: State, effects: [Effect]) {
        let effect: Effect
        switch outcome {
        case .cancelled: effect = .saveCancelled(progress.request)
        case .refused(let refusal):
            effect = .saveRefused(progress.request, code: refusal.code, withBooking: refusal.current != nil)
        case .notSent: effect = .saveRefused(progress.request, code: "NOT_SENT", withBooking: false)
        }
        return (.saving(progress, outcome), [effect])
    }
}
