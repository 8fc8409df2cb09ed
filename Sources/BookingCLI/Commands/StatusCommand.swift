import BookingCommandLine
import BookingCore
import BookingKit
import Foundation

/// `booking status`: the current attempt, settled with the server (launch
/// reconciliation, then the flow restored from the database asks the
/// server), and printed. Exit 0 when it stands well (held, confirmed,
/// cancelled, let go), 1 when it failed or expired, 3 while still unknown.
struct StatusCommand: BookingCommand {
    /// It holds, pays or settles: it ends its work if stdout's reader leaves.
    static let finishesItsWork = true

    static let follow: TypedOption<Bool> = .flag(
        "--follow",
        help: "while the attempt is not settled, wait for the server's changes (its push channel) and show the outcome")

    static let spec = CommandSpec(
        name: "status", summary: "the current attempt, settled with the server",
        discussion: "With --follow, a payment still being checked is asked about again each time the server "
            + "says its booking changed (GET /v1/events, the sandbox's stand-in for push), for up to 10 minutes.",
        options: [follow.spec])

    /// Whether to wait for the server's changes while the attempt is not settled.
    let follows: Bool

    init(_ input: CommandInput) throws(UsageError) {
        follows = try input(Self.follow)
    }

    /// How long status follows the server's answers.
    static let budget: Duration = .seconds(10)

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services(eventLog: "status")
        let client = services.client
        let log = client.seams.eventLogPath
        await services.settleAtLaunch()
        let driver = FlowDriver(services: services, showsProgress: false)
        // Where the server's changes stand before anything is read: a change
        // while the attempt is settled below is one the follow still sees.
        let since = follows ? try? await client.api.events(after: nil, waitSeconds: 0).lastSeq : nil
        var state: BookingFlow.State?
        // Read after the open attempts, never before: the launch's
        // reconciliation goes on past its bound and may settle the attempt
        // between two reads; the attempt shown is the one read last.
        let shown: SavedAttempt?
        if let unfinished = try await client.openAttempts().last {
            state = try await driver.restore(for: Self.budget)
            shown = try await client.savedAttempt(unfinished.attemptID) ?? unfinished
        } else {
            shown = try await client.latestAttempt()
        }
        guard let attempt = shown else {
            if invocation.json {
                invocation.emit(["attempt": .null, "state": .null, "trip": .null, "eventLog": .text(log)])
            } else {
                invocation.say("No booking attempt on this device yet.")
            }
            return .done
        }
        if case .browsing? = state?.stage { state = nil }
        // Certainly not paid (a closed key) with the hold live: the room is
        // kept under a new attempt, for the next `booking pay`.
        var keptRoom = false
        if let restored = state, case .notPaid = restored.stage {
            if case .held? = await driver.keepTheRoom(restored)?.stage { keptRoom = true }
        }
        let trip = try await attempt.bookingID.asyncMap { try await client.savedTrip($0) } ?? nil
        let code = state.map { ExitCode(stage: $0.stage) } ?? Self.exitCode(attempt.phase)
        if follows, code == .unknown {
            if !invocation.json { Self.say(attempt, state, keptRoom: keptRoom, trip: trip, driver, invocation) }
            let follower = StatusFollower(services: services, driver: driver, invocation: invocation)
            return await follower.follow(attempt, since: since)
        }
        if invocation.json {
            invocation.emit([
                "attempt": Self.attemptJSON(attempt),
                "state": state.map { FlowRenderer.json($0, secondsLeft: driver.secondsLeft($0)) } ?? .null,
                "trip": trip.map(TripRenderer.json) ?? .null,
                "eventLog": .text(log),
            ])
            return code
        }
        Self.say(attempt, state, keptRoom: keptRoom, trip: trip, driver, invocation)
        if code == .unknown { invocation.console.line("Not known yet: run `booking status` again later.") }
        return code
    }

    /// The attempt, its state, a room kept and its trip, in words.
    static func say(
        _ attempt: SavedAttempt, _ state: BookingFlow.State?, keptRoom: Bool, trip: TripRepository.Trip?,
        _ driver: FlowDriver, _ invocation: Invocation
    ) {
        let console = invocation.console
        console.line(
            "Attempt \(attempt.attemptID.rawValue.terminalSafe) (offer \(attempt.offerID.rawValue.terminalSafe)), started "
                + "\(AgeText.describe(since: attempt.createdAt)): " + console.styled(attempt.phase.rawValue, .bold))
        if let state {
            for line in FlowRenderer(console: console).lines(state, secondsLeft: driver.secondsLeft(state)) {
                console.line(line)
            }
        }
        if let hint = state.flatMap(FlowRenderer.signInHint) { console.line(hint) }
        if attempt.phase == .abandoned, let booking = attempt.bookingID {
            console.line(
                "Booked on another device of your account (booking \(booking.rawValue.terminalSafe)). "
                    + "Nothing was charged here.")
        }
        if keptRoom { console.line("The room is still held for you: run `booking pay --card TOKEN` to pay it again.") }
        if let trip { console.line("  " + TripRenderer(console: console).line(trip)) }
    }

    /// The exit code of a settled attempt with nothing left for the flow.
    static func exitCode(_ phase: AttemptPhase) -> ExitCode {
        switch phase {
        case .confirmed, .cancelled, .abandoned, .held: return .done
        case .failed, .expired: return .failed
        case .holdRequested, .paymentSubmitted, .actionRequired, .processing: return .unknown
        }
    }

    static func attemptJSON(_ attempt: SavedAttempt) -> JSONValue {
        [
            "attemptId": .string(attempt.attemptID.rawValue),
            "phase": .string(attempt.phase.rawValue),
            "offerId": .string(attempt.offerID.rawValue),
            "holdId": .text(attempt.holdID?.rawValue),
            "bookingId": .text(attempt.bookingID?.rawValue),
            "challengeUrl": .text(attempt.challengeURL),
            "version": .int(attempt.version.rawValue),
            "createdAt": .string(AgeText.iso(attempt.createdAt)),
            "updatedAt": .string(AgeText.iso(attempt.updatedAt)),
        ]
    }
}

extension Optional {
    /// `map` for an async, throwing transform.
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
