import BookingCommandLine
import BookingCore
import BookingKit

/// `booking pay [--card TOKEN] [--challenge pass|fail] [--another-card]`: pays for the held
/// room. A 3-D Secure challenge is answered as `--challenge` says; without
/// it, on a terminal a person answers the bank's page (its URL is printed
/// and the booking polled), elsewhere it passes. The flow comes back from the database (the hold is read again),
/// then Pay is tapped once; the command follows the payment (progress while
/// it checks or polls) and always ends in a named outcome with the flow's
/// message. A payment already sent is never sent again: it is looked up,
/// or, when it waits for 3-D Secure, its saved bank page is shown again (and
/// answered as `--challenge` says).
/// Ctrl-C never cancels the charge: it says to run `booking status`, and
/// exits 3 once the request is answered (or after three seconds).
struct PayCommand: BookingCommand {
    /// The sandbox's test payment tokens, offered for `--card`.
    static let sandboxCards = [
        "tok_visa", "tok_chargeDeclined", "tok_threeDSecureRequired", "tok_processingError", "tok_wallet_visa",
    ]
    static let card: TypedOption<String> = .defaulted(
        "--card", .identifier(suggesting: sandboxCards), default: "tok_visa", value: "TOKEN",
        help: "payment token (sandbox: \(sandboxCards.joined(separator: ", ")))")
    static let challenge: TypedOption<String?> = .optional(
        "--challenge", .oneOf(["pass", "fail"]),
        help:
            "on the sandbox, answer 3-D Secure this way (without it, on a terminal: answer the printed page in a browser)"
    )

    static let anotherCard: TypedOption<Bool> = .flag(
        "--another-card",
        help: "leave a pending 3-D Secure page and pay the same room with --card instead, under a new key")

    /// It holds, pays or settles: it ends its work if stdout's reader leaves.
    static let finishesItsWork = true

    static let spec = CommandSpec(
        name: "pay", summary: "pay for the held room; always ends in a named outcome",
        discussion:
            "Ctrl-C never cancels a charge in flight: run `booking status` to see how it ended. A payment "
            + "interrupted while the bank's 3-D Secure page was open shows that page again (`--challenge` answers "
            + "it on the sandbox); it is never sent again. With `--another-card` that page is left instead "
            + "(nothing is charged for it) and the same room is paid with `--card` under a new key; after a "
            + "declined card the room is kept, and `booking pay --card TOKEN` tries another card on it.",
        options: [card.spec, challenge.spec, anotherCard.spec])

    /// The payment token.
    let token: PaymentToken
    /// How to answer 3-D Secure on the sandbox, if said.
    let challenge: String?
    /// Leave a pending 3-D Secure page and pay with `token` instead.
    let anotherCard: Bool

    init(_ input: CommandInput) throws(UsageError) {
        token = PaymentToken(try input(Self.card))
        challenge = try input(Self.challenge)
        anotherCard = try input(Self.anotherCard)
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services(eventLog: "pay")
        let driver = FlowDriver(services: services, showsProgress: !invocation.json)
        // The settling's read of the held attempt's hold is the restore's too: one GET.
        let restored = try await services.client.sharingHoldReads {
            await services.settleAtLaunch()
            return try await driver.restore(for: .seconds(20))
        }
        var state = await driver.noticingOffline(restored)
        if Self.keepsTheRoomAtLaunch(state.stage), let kept = await driver.keepTheRoom(state) {
            // Certainly not paid (the key is closed, or the booking ended
            // unpaid before this process could keep the room): pay the same room again.
            driver.say("Nothing was charged. Paying the same held room again, under a new key.")
            state = kept
        }
        if anotherCard, case .actionRequired = state.stage {
            driver.say("Leaving the bank's page: nothing is charged for it. Paying the same room with another card.")
            if let left = await driver.useAnotherCard() { state = left }
        }
        let byPerson = challenge == nil && services.console.isTerminal && !invocation.json
        let passChallenge = byPerson ? nil : (challenge ?? "pass") == "pass"
        switch state.stage {
        case .held(let held):
            let room = await RoomLabel.describe(held.attempt.offerID, price: held.hold.price.total, services: services)
            driver.say("Paying for \(room) (hold \(held.hold.id)).")
            // A signal while paying never stops the charge; the run still
            // ends with one outcome, one exit code and (with --json) one
            // document, printed by whichever path claims it first.
            let stopped = Flag()
            let outcomeClaimed = Flag()
            let handlers = Platform.handle(Platform.Signal.allCases) { _ in
                guard stopped.setOnce() else { return }
                Self.interrupted(driver, invocation: invocation, claim: outcomeClaimed)
            }
            state = await driver.pay(token, passChallenge: passChallenge)
            guard outcomeClaimed.setOnce() else {
                // The signal's path prints the outcome and exits.
                while true { try? await Task.sleep(for: .seconds(60)) }
            }
            if !stopped.isSet { handlers.restore() }
        case .browsing:
            throw try await Self.nothingHeld(services.client)
        case .actionRequired:
            // The payment left and waits for the bank's page, saved with the
            // server's answer: the page again, never the payment.
            driver.say("This room's payment waits for the bank's 3-D Secure page: it is not sent again.")
            state = await driver.resumeChallenge(token, passChallenge: passChallenge)
        case .submitting, .unknown, .processing:
            driver.say("This room's payment was already sent: it is looked up, never sent again.")
        default:
            break
        }
        if case .failed(let failed) = state.stage, failed.reason == .notSent, let why = services.refused.reason {
            // The flow says only that the server could not be reached; this says why.
            invocation.console.note("booking: the payment was not sent: \(why)")
        }
        if !state.stage.isFinal, services.refusedAnswer.reason != nil {
            // The refusal was said when it came (Services); the outcome waits on the server.
            invocation.console.note("booking: the payment is checked with the server by its key; do not pay again")
        }
        let elsewhere = await services.client.changedElsewhere()
        // Declined: the room stays held, for the next `booking pay` to try another card.
        let declined = if case .failed = state.stage { true } else { false }
        let kept = elsewhere == nil && declined ? await driver.keepTheRoom(state) : nil
        let keptRoom = if case .held? = kept?.stage { true } else { false }
        return Self.finish(state, elsewhere: elsewhere, keptRoom: keptRoom, driver: driver, invocation: invocation)
    }

    /// Ctrl-C, SIGTERM or SIGHUP while paying: the charge goes on
    /// regardless. The payment gets 3 more seconds to settle; then, unless
    /// the run's own path has its outcome already, the outcome known now
    /// is printed as `finish` prints any (exit 3 while still unknown) and
    /// the process ends.
    private static func interrupted(_ driver: FlowDriver, invocation: Invocation, claim: Flag) {
        driver.services.console.note("booking: the payment continues on the server; run `booking status`")
        Task {
            let state = await driver.client.follow(timeout: .seconds(3)) { $0.pendingWork != .payment }.state
            guard claim.setOnce() else { return }
            driver.silence()
            let code = finish(state, driver: driver, invocation: invocation)
            Platform.exit(code.rawValue)
        }
    }

    /// Prints the outcome and returns the exit code. Still held means no
    /// payment left: a failure. `keptRoom`: after a decline, the room is
    /// held again under a new attempt, for another card.
    static func finish(
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

    /// Whether a restored stage is a payment certainly not made whose room
    /// is still held: `booking pay` pays that room again at once.
    static func keepsTheRoomAtLaunch(_ stage: BookingFlow.Stage) -> Bool {
        switch stage {
        case .notPaid: return true
        case .failed(let failed): return failed.holdID != nil
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
    private static func nothingHeld(_ client: BookingClient) async throws -> CommandFailure {
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
