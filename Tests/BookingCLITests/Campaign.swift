import BookingAPI
import BookingCore
import Foundation
import TestSupport

/// What the SIGKILL campaigns share: running a plan a few runs at a time,
/// and the checks after a run's last `booking reconcile` (the account's
/// ledger, the device's `booking.sqlite` read by the sqlite3 shell).
enum Campaign {
    /// Whether the long campaigns run (`BOOKINGKIT_LONG=1`, which `.ci/run`
    /// runs every time through `scripts/long-mode.sh`), else `swift test`'s
    /// small ones: each kind of run once or twice.
    static let isLong = ProcessInfo.processInfo.environment["BOOKINGKIT_LONG"] == "1"

    /// The runs `BOOKINGKIT_CAMPAIGN_RUNS` names (run numbers, comma
    /// separated, as a failing run prints them), or nil: every run of the plan.
    static let replayedRuns: Set<Int>? = ProcessInfo.processInfo.environment["BOOKINGKIT_CAMPAIGN_RUNS"].map {
        Set($0.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) })
    }

    /// How to run run `index` of `test` (`Suite/test`) again on its own,
    /// with the same plan: printed beside every failing run.
    static func replay(_ index: Int, _ test: String) -> String {
        "run \(index); replay: \(isLong ? "BOOKINGKIT_LONG=1 " : "")BOOKINGKIT_CAMPAIGN_RUNS=\(index) "
            + "swift test --filter \(test)"
    }

    /// One `booking_attempt` row as the sqlite3 shell read it, in the
    /// domain's types.
    struct Attempt: Sendable {
        /// Its id, key, offer and quote.
        var attempt: BookingFlow.Attempt
        /// Its `status` column.
        var phase: AttemptPhase
        /// The booking made under it, if any.
        var bookingID: BookingID?
    }

    /// The attempts, one line each, for `attempts(_:)`.
    private static let attemptQuery =
        "SELECT 'attempt:' || attempt_id || ' ' || idempotency_key || ' ' || offer_id || ' ' || quote_id "
        + "|| ' ' || status || ' ' || coalesce(booking_id, '-') FROM booking_attempt;"

    /// Runs `body` for every item of `plan`, `width` at a time; the results
    /// in the order they finished.
    static func run<Item: Sendable, Outcome: Sendable>(
        _ plan: [Item], width: Int, _ body: @escaping @Sendable (Int, Item) async -> Outcome
    ) async -> [Outcome] {
        var outcomes: [Outcome] = []
        await withTaskGroup(of: Outcome.self) { group in
            var next = 0
            func add() {
                let index = next
                let item = plan[next]
                group.addTask { await body(index, item) }
                next += 1
            }
            while next < min(width, plan.count) { add() }
            while let outcome = await group.next() {
                outcomes.append(outcome)
                if next < plan.count { add() }
            }
        }
        return outcomes
    }

    /// Runs `body` for every item of `plan` (only those `replayedRuns`
    /// names, when it names some), two at a time, against one `booking
    /// sandbox` process started for the campaign (its URL the body's third
    /// argument) and stopped after; the body gets each item's index in the
    /// whole plan. The results in the order they finished.
    static func runAgainstSandbox<Item: Sendable, Outcome: Sendable>(
        _ plan: [Item], _ body: @escaping @Sendable (Int, Item, String) async -> Outcome
    ) async throws -> [Outcome] {
        let sandbox = try await SandboxProcess()
        let server = sandbox.url
        let selected = plan.indices.filter { replayedRuns?.contains($0) ?? true }.map { ($0, plan[$0]) }
        let outcomes = await run(selected, width: 2) { _, run in await body(run.0, run.1, server) }
        await sandbox.stop()
        return outcomes
    }

    /// The account's ledger.
    static func ledger(key: String, server: String) async throws -> LedgerReport {
        let client = BookingAPIClient(server: try ServerAddress(server), apiKey: key, transport: URLSessionTransport())
        return try await client.sandboxLedger()
    }

    /// The ledger, the trips, the attempts and the file after the runs and
    /// a reconcile: no key and no hold charged twice, every charged booking
    /// a trip whose attempt is not let go (`ABANDONED`, `FAILED`,
    /// `EXPIRED`), and `PRAGMA integrity_check` says `ok`.
    static func check(booking: Booking, ledger: LedgerReport) -> [String] {
        var problems: [String] = []
        problems += ledger.chargesByIdempotencyKey.filter { $0.value > 1 }.map {
            "key \($0.key) charged \($0.value) times"
        }
        problems += ledger.chargesByHold.filter { $0.value > 1 }.map { "hold \($0.key) charged \($0.value) times" }
        let file = (booking.dataDirectory as NSString).appendingPathComponent("booking.sqlite")
        let sqlite = ChildProcess.run(
            sqlite3,
            [file, "PRAGMA integrity_check; SELECT 'trip:' || booking_id FROM trip; " + attemptQuery])
        let lines = sqlite.standardOutput.split(separator: "\n").map(String.init)
        if lines.first != "ok" { problems.append("integrity_check: \(sqlite.standardOutput) \(sqlite.standardError)") }
        let trips = Set(lines.filter { $0.hasPrefix("trip:") }.map { String($0.dropFirst(5)) })
        let attempts = Self.attempts(lines)
        let letGo: Set<AttemptPhase> = [.abandoned, .failed, .expired]
        for entry in ledger.entries where entry.kind == "charge" {
            if !trips.contains(entry.bookingId) {
                problems.append("charged booking \(entry.bookingId) is not a trip after reconcile")
            }
            let key = IdempotencyKey(entry.idempotencyKey)
            if let row = attempts.first(where: { $0.attempt.key == key }), letGo.contains(row.phase) {
                problems.append("charged booking \(entry.bookingId): its attempt says \(row.phase.rawValue)")
            }
        }
        return problems
    }

    /// The sqlite3 shell on `PATH` (the campaigns need it: `ExternalTool.needed("sqlite3")`).
    static var sqlite3: String { ExternalTool.path("sqlite3") ?? "sqlite3" }

    /// The attempts in `booking.sqlite`.
    static func attempts(of booking: Booking) -> [Attempt] {
        let file = (booking.dataDirectory as NSString).appendingPathComponent("booking.sqlite")
        let sqlite = ChildProcess.run(sqlite3, [file, attemptQuery])
        return attempts(sqlite.standardOutput.split(separator: "\n").map(String.init))
    }

    private static func attempts(_ lines: [String]) -> [Attempt] {
        lines.filter { $0.hasPrefix("attempt:") }.compactMap { line in
            let fields = line.dropFirst(8).split(separator: " ").map(String.init)
            guard fields.count == 6, let phase = AttemptPhase(rawValue: fields[4]) else { return nil }
            let attempt = BookingFlow.Attempt(
                id: AttemptID(fields[0]), key: IdempotencyKey(fields[1]), offerID: OfferID(fields[2]),
                quoteID: QuoteID(fields[3]))
            return Attempt(attempt: attempt, phase: phase, bookingID: fields[5] == "-" ? nil : BookingID(fields[5]))
        }
    }
}
