import BookingCommandLine
import BookingCore
import BookingKit

/// How a payment's run ends on the command line: the outcome printed (or
/// one `--json` document) and its exit code, with what to run next.
/// `booking pay` and `booking open` (a bank page's return link) print it.
enum PaymentReport {
    /// Ends `booking pay`: says why a payment was not sent or is still
    /// checked, reads what another process did, and prints the outcome.
    static func finish(
        _ state: BookingFlow.State, services: Services, driver: FlowDriver, invocation: Invocation
    ) async -> ExitCode {
        if case .failed(let failed) = state.stage, failed.reason == .notSent, let why = services.refused.reason {
            // The flow says only that the server could not be reached; this says why.
            invocation.console.note("booking: the payment was not sent: \(why)")
        }
        if !state.stage.isFinal, services.refusedAnswer.reason != nil {
            // The refusal was said when it came (Services); the outcome waits on the server.
            invocation.console.note("booking: the payment is checked with the server by its key; do not pay again")
        }
        let elsewhere = await services.client.changedElsewhere()
        // Declined (or refused for its kind): the room stays held, as the
        // server said with its answer, for the next `booking pay` to try
        // another card on it (the client keeps it under a new key then).
        let failed = if case .failed = state.stage { true } else { false }
        let keptRoom = elsewhere == nil && failed && state.sameHoldRetry != nil
        return print(state, elsewhere: elsewhere, keptRoom: keptRoom, driver: driver, invocation: invocation)
    }

    /// Prints the outcome and returns the exit code. Still held means no
    /// payment left: a failure. `keptRoom`: after a decline, the room is
    /// still held, for another card.
    static func print(
        _ state: BookingFlow.State, elsewhere: ChangedElsewhere? = nil, keptRoom: Bool = false, driver: FlowDriver,
        invocation: Invocation
    ) -> ExitCode {
        let code = ExitCode(outcome: state, elsewhere: elsewhere, goal: .payment)
        let log = driver.client.seams.eventLogPath
        if invocation.json {
            invocation.emit([
                "outcome": .string(state.stage.name),
                "exitCode": .int(Int64(code.rawValue)),
                "state": FlowRenderer.json(state, secondsLeft: driver.secondsLeft(state)),
                "eventLog": .text(log),
            ])
            return code
        }
        let console = invocation.console
        let renderer = FlowRenderer(console: console)
        let lines = renderer.lines(state, secondsLeft: driver.secondsLeft(state))
        if let elsewhere {
            console.line(FlowRenderer.elsewhere(elsewhere))
            return code
        }
        console.line("Outcome: \(state.stage.name). " + (lines.first ?? ""))
        for line in lines.dropFirst() { console.line(line) }
        if let hint = FlowRenderer.signInHint(state) {
            console.line(hint)
        } else if Self.nothingLeftOffline(state) {
            console.line("Offline: no payment was sent. Next: `booking pay` again once the connection is back.")
        } else if code == .unknown {
            console.line("Run `booking status` later to see how it ended.")
        }
        if keptRoom {
            console.line("The room is still held for you: run `booking pay --card TOKEN` to try another card.")
        } else if let offer = retryOffer(state.stage) {
            // The flow's "Try again" is a new attempt on the same offer: on the
            // command line, a new hold and then a payment.
            console.line(
                "To try again: booking hold \(offer.rawValue.terminalSafe) (a new hold), "
                    + "then booking pay --card TOKEN")
        }
        return code
    }

    /// Offline, and no payment left this run (the hold could not be checked,
    /// or the payment never reached the server).
    static func nothingLeftOffline(_ state: BookingFlow.State) -> Bool {
        guard !state.isOnline else { return false }
        switch state.stage {
        case .held, .checkingHold: return true
        case .failed(let failed): return failed.reason == .notSent
        default: return false
        }
    }

    /// The offer a failed or expired payment can be tried again on.
    static func retryOffer(_ stage: BookingFlow.Stage) -> OfferID? {
        switch stage {
        // A full disk kept the room held: `booking pay` again, once space is freed.
        case .failed(let s) where s.reason != .holdUnavailable && s.reason != .storageFull: return s.attempt.offerID
        case .expired(let s): return s.attempt.offerID
        case .notPaid(let s): return s.attempt.offerID
        default: return nil
        }
    }

    /// Why there is nothing to pay, and what to run: after a declined or
    /// failed payment, or a hold that ran out, a new hold of that same offer.
    static func nothingHeld(_ client: BookingClient) async throws -> CommandFailure {
        let latest: SavedAttempt?
        do {
            latest = try await client.latestAttempt()
        } catch {
            throw CommandFailure.failed("cannot read the saved attempts: \(error)")
        }
        let offer = latest.map { $0.offerID.rawValue.terminalSafe } ?? ""
        switch latest?.phase {
        case .failed?:
            return .rejected(
                (latest?.bookingID == nil
                    ? "the last attempt (offer \(offer)) ended without a hold or a payment, so no room is held now; "
                    : "the last payment (offer \(offer)) was declined or failed, so no room is held now; ")
                    + "to try again, hold that offer anew: run `booking hold \(offer)`, then `booking pay --card TOKEN`"
            )
        case .confirmed?:
            let trip =
                latest?.bookingID.map(\.rawValue.terminalSafe)
                .map { " as booking \($0); `booking trip \($0)` shows it" } ?? ""
            return .rejected("nothing to pay: the last payment (offer \(offer)) is confirmed\(trip)")
        case .expired?:
            return .rejected(
                "the hold on offer \(offer) ran out, so no room is held now; run `booking hold \(offer)` "
                    + "again, then `booking pay`")
        default:
            return .rejected("nothing to pay: no room is held; run `booking hold OFFER_ID` first")
        }
    }
}
