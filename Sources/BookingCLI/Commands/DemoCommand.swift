import BookingAPI
import BookingCommandLine
import BookingCore
import BookingKit
import Foundation

/// `booking demo`: the guided end-to-end run, on a fresh temporary data
/// directory (never the user's) and the embedded sandbox: search, offers, a
/// hold with its countdown, payment through 3-D Secure, a second payment
/// whose answer is lost on purpose and recovered through Unknown, the trips
/// read offline, and what the sandbox's ledger proves. Exit 0 only when it
/// proved one charge per attempt. `--server`, `--data-dir` and `--api-key`
/// are refused (exit 2) rather than ignored: the demo injects sandbox faults
/// and reads the sandbox's ledger, and never touches the user's data. (The
/// environment's defaults, `BOOKING_SERVER` and the like, are not asked for
/// on this command line and are left unused.)
struct DemoCommand: BookingCommand {
    /// The lead guest the demo's rooms are paid for.
    static let guest = GuestDetails(name: "Ana Silva", email: "ana@example.com")
    static let spec = CommandSpec(
        name: "demo", summary: "a guided end-to-end run on the embedded sandbox",
        discussion:
            "Search, offers, a hold with its countdown, payment through 3-D Secure, a lost answer recovered through Unknown, and the trip read offline; ends with what the sandbox's ledger proves (one charge per attempt)."
    )

    init(_ input: CommandInput) {}

    /// The global options the demo cannot honour.
    static let refusedOptions = [
        Settings.serverOption.spec.name, Settings.dataDirectoryOption.spec.name, Settings.apiKeyOption.spec.name,
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        if let option = Self.refusedOptions.first(where: { invocation.command.value($0) != nil }) {
            throw CommandFailure.rejected(
                "`booking demo` always runs on its own embedded sandbox in a temporary "
                    + "directory with the demo key; it does not take \(option)")
        }
        let started = ContinuousClock.now
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("booking-demo-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var settings = invocation.settings
        settings.dataDirectory = directory
        settings.server = nil
        settings.apiKey = Settings.demoKey
        var injector: HeaderInjectingTransport?
        let services = invocation.opened.keep(
            try Services(
                settings: settings, console: invocation.console, environment: [:], eventLog: "demo",
                wrapTransport: { base in
                    let wrapped = HeaderInjectingTransport(base)
                    injector = wrapped
                    return wrapped
                }))
        let show = !invocation.json
        let step = { (number: Int, title: String) in
            if show { invocation.console.line("\n" + invocation.console.styled("\(number)/7 \(title)", .bold)) }
        }
        invocation.say("BookingKit demo on the embedded sandbox at \(services.server), data in \(directory)")

        step(1, "Search")
        let client = services.client
        guard case .places(let places) = try await client.suggestions(for: "Lisbon"), let place = places.first else {
            throw CommandFailure.failed("demo: the sandbox suggested no place for Lisbon")
        }
        invocation.say(
            "  search \"Lisbon\": \(place.placeId.terminalSafe)  \(place.name.terminalSafe), \(place.country.terminalSafe)"
        )

        step(2, "Offers")
        let (checkIn, checkOut) = try Self.stay()
        let page = try await client.offers(at: place.placeId, checkIn: checkIn, checkOut: checkOut, guests: 2)
        guard page.items.count >= 2 else { throw CommandFailure.failed("demo: fewer than two offers") }
        for offer in page.items.prefix(3) {
            invocation.say(
                "  \(offer.id.rawValue.terminalSafe)  \(offer.propertyName.terminalSafe), "
                    + "\((offer.roomName ?? "").terminalSafe)  \(invocation.money.text(offer.price.total).terminalSafe)"
            )
        }

        let driver = FlowDriver(services: services, showsProgress: show)
        var attempts: [DemoProof.Attempt] = []

        step(3, "Hold the first offer: its key is saved before the request leaves")
        var state = await driver.hold(page.items[0])
        guard case .held = state.stage else { throw CommandFailure.failed("demo: the hold ended \(state.stage.name)") }
        if show { await Countdown(driver: driver).show(seconds: 3) }

        step(4, "Pay through 3-D Secure (tok_threeDSecureRequired)")
        state = await driver.pay(PaymentToken("tok_threeDSecureRequired"), guest: Self.guest, passChallenge: true)
        attempts.append(try await Self.record(state, client: client))

        step(5, "Pay a second room; the sandbox drops the payment's answer after committing it")
        _ = try? await client.back()
        state = await driver.hold(page.items[1])
        guard case .held = state.stage else { throw CommandFailure.failed("demo: the hold ended \(state.stage.name)") }
        injector?.inject("Sandbox-Fault", "drop-response-after-commit", method: "POST", path: "/v1/bookings")
        state = await driver.pay(PaymentToken("tok_visa"), guest: Self.guest, passChallenge: true)
        attempts.append(try await Self.record(state, client: client))
        let recovered = DemoProof.logShowsRecovery(client.seams.eventLogPath)
        invocation.say(
            recovered
                ? "  The answer was lost; the flow went to Unknown, looked the attempt up by its key, and found it confirmed."
                : "  The lost answer was not seen going through Unknown.")

        step(6, "Trips, read from this device with no network at all")
        let offline = try TripViewer.local(directory, console: invocation.console)
        let renderer = TripRenderer(console: invocation.console)
        let trips = try await offline.repository.trips()
        for trip in trips { invocation.say("  " + renderer.line(trip)) }
        if let oldest = try await offline.repository.oldestSync() {
            invocation.say("  (synced \(AgeText.describe(since: oldest)))")
        }

        step(7, "What the sandbox's ledger proves")
        let ledger: LedgerReport
        do {
            ledger = try await client.api.sandboxLedger()
        } catch {
            throw CommandFailure.failed("demo: cannot read the sandbox's ledger: \(error)")
        }
        let proof = DemoProof(attempts: attempts, ledger: ledger, lostAnswerRecovered: recovered)
        let seconds =
            Double((ContinuousClock.now - started).components.seconds)
            + Double((ContinuousClock.now - started).components.attoseconds) / 1e18
        if invocation.json {
            var document = [("trips", JSONValue.array(trips.map(TripRenderer.json)))]
            document.append(("seconds", .double((seconds * 10).rounded() / 10)))
            if case .object(let fields) = proof.json { document = fields + document }
            invocation.emit(.object(document))
        } else {
            Self.report(proof, console: invocation.console)
            invocation.console.line(String(format: "Demo finished in %.1f s.", seconds))
        }
        return proof.isProved ? .done : .failed
    }

    private static func report(_ proof: DemoProof, console: Console) {
        for attempt in proof.attempts {
            console.line(
                "  attempt \(attempt.id.rawValue.prefix(8))… key \(attempt.key.rawValue.prefix(8))…: "
                    + "\(attempt.outcome), booking \(attempt.bookingID?.rawValue ?? "-"), charged \(proof.charges(attempt.key)) time(s)"
            )
        }
        console.line("  ledger: \(proof.ledger.chargeCount) charge(s) for \(proof.attempts.count) attempts")
        if proof.isProved {
            console.line(
                console.styled(
                    "PROVED: one charge per attempt, the lost answer included; no hold charged twice.", .green))
        } else {
            console.line(console.styled("NOT PROVED: " + proof.problems.joined(separator: "; "), .red))
        }
    }

    /// The attempt the flow just settled, with its key from the database.
    private static func record(_ state: BookingFlow.State, client: BookingClient) async throws -> DemoProof.Attempt {
        guard let id = state.stage.attemptID, let saved = try await client.savedAttempt(id) else {
            throw CommandFailure.failed("demo: the payment ended \(state.stage.name) with no attempt")
        }
        return DemoProof.Attempt(
            id: id, key: saved.idempotencyKey, outcome: state.stage.name, bookingID: saved.bookingID)
    }

    /// Two nights, a month from today (UTC).
    private static func stay() throws -> (CalendarDate, CalendarDate) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        func date(_ days: Int) -> CalendarDate? {
            guard let day = calendar.date(byAdding: .day, value: days, to: Date()) else { return nil }
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            guard let year = parts.year, let month = parts.month, let dayOfMonth = parts.day else { return nil }
            return CalendarDate(year: year, month: month, day: dayOfMonth)
        }
        guard let checkIn = date(30), let checkOut = date(32) else {
            throw CommandFailure.failed("demo: cannot compute the stay's dates")
        }
        return (checkIn, checkOut)
    }
}
