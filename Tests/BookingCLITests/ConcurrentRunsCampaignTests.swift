import BookingAPI
import BookingCore
import Foundation
import TestSupport
import Testing

/// Issue 11, item 1: the client runs as several processes on one data
/// directory by design (the CLI, the launch-time reconciliation job, the
/// viewer). Per run, a fresh data directory and account hold one offer;
/// then `booking pay`, `booking hold` of a second offer, `booking
/// reconcile` and `booking status` (and, every third run, a second `booking
/// pay`) start at once against one `booking sandbox --port 0`; one of them
/// may be killed with SIGKILL at a named boundary (the debug build's
/// `BOOKINGKIT_KILL_AT`) or after a random delay. Then `booking reconcile`
/// and the checks: the ledger (each key and hold charged at most once),
/// every charged booking a trip whose attempt is not let go, `PRAGMA
/// integrity_check`, no command that was not killed dying of a signal, and
/// each `pay` that exited 0 naming the booking it paid and the attempt
/// (the room) that booking belongs to.
///
/// `swift test`: 10 runs, each kind of run once (a kill in 8 of them).
/// The long mode (`BOOKINGKIT_LONG=1`, `.ci/run`): 100. A failing run
/// prints how to replay it alone (`BOOKINGKIT_CAMPAIGN_RUNS`).
@Suite struct ConcurrentRunsCampaignTests {
    /// What one run does: which command it kills, where, and whether a
    /// second `pay` races the first.
    struct Plan: Sendable, CustomStringConvertible {
        /// `pay`, `hold` or nil (no kill).
        var victim: String?
        /// The boundary it dies at (`BOOKINGKIT_KILL_AT`); nil: SIGKILL after `delay`.
        var boundary: String?
        /// Milliseconds after the start before the SIGKILL.
        var delay: Int
        /// Whether a second `booking pay` runs too.
        var secondPay: Bool

        /// The plan of run `index`: of every ten runs, five kill `pay` at
        /// the named boundaries in turn, one kills `hold` after its request, one
        /// kills `pay` and one `hold` after a random delay, two kill nothing.
        init(index: Int) {
            let kind = index % 10
            switch kind {
            case 0..<5:
                let boundaries = KillCampaignTests.boundaries
                (victim, boundary) = ("pay", boundaries[(index / 10 * 5 + kind) % boundaries.count])
            case 5: (victim, boundary) = ("hold", "after requestHold")
            case 6: (victim, boundary) = ("pay", nil)
            case 7: (victim, boundary) = ("hold", nil)
            default: (victim, boundary) = (nil, nil)
            }
            delay = (index * 37) % 80
            secondPay = index % 3 == 0
        }

        var description: String {
            guard let victim else { return "no kill" }
            return "\(victim) killed " + (boundary.map { "at \($0)" } ?? "after a random delay")
        }
    }

    /// One run's outcome.
    struct Outcome: Sendable {
        var index: Int
        var plan: Plan
        var killed: Bool
        var paysConfirmed: Int
        var problems: [String]
    }

    @Test(ExternalTool.needed("sqlite3"))
    func holdPayReconcileAndStatusAtOnceOnOneDataDirectoryNeverLoseAPaidTrip() async throws {
        let plans = (0..<(Campaign.isLong ? 100 : 10)).map(Plan.init(index:))
        let outcomes = try await Campaign.runAgainstSandbox(plans) { index, plan, server in
            await Self.runOnce(index: index, plan: plan, server: server)
        }
        var byPlan: [String: Int] = [:]
        for outcome in outcomes where outcome.killed { byPlan[outcome.plan.description, default: 0] += 1 }
        let failing = outcomes.filter { !$0.problems.isEmpty }
        print(
            "concurrent runs campaign: \(outcomes.count) runs, \(outcomes.filter(\.killed).count) SIGKILLs, "
                + "\(outcomes.map(\.paysConfirmed).reduce(0, +)) confirmed pays, \(failing.count) runs with problems")
        for plan in byPlan.keys.sorted() { print("  \(plan): \(byPlan[plan] ?? 0) SIGKILLs") }
        var failingByPlan: [String: Int] = [:]
        for outcome in failing { failingByPlan[outcome.plan.description, default: 0] += 1 }
        for plan in failingByPlan.keys.sorted() { print("  runs with problems, \(plan): \(failingByPlan[plan] ?? 0)") }
        let replay = "ConcurrentRunsCampaignTests/holdPayReconcileAndStatusAtOnce"
        let problems = failing.flatMap { outcome in
            outcome.problems.map { "\(outcome.plan) (\(Campaign.replay(outcome.index, replay))): \($0)" }
        }
        #expect(
            problems.isEmpty,
            "\(failing.count) of \(outcomes.count) runs:\n\(problems.prefix(10).joined(separator: "\n"))")
        guard Campaign.replayedRuns == nil else { return }
        #expect(outcomes.filter(\.killed).count >= plans.count / 4)
    }

    /// Holds an offer, runs the commands at once (killing one as planned),
    /// reconciles, checks.
    static func runOnce(index: Int, plan: Plan, server: String) async -> Outcome {
        var outcome = Outcome(index: index, plan: plan, killed: false, paysConfirmed: 0, problems: [])
        let key = "sk_test_conc\(index)x\(ProcessInfo.processInfo.processIdentifier)"
        var booking = Booking(server: server, label: "concurrent-campaign")
        booking.global += ["--api-key", key]
        do {
            // Stays that never overlap (170 runs per pair of offers), so the rooms never run out.
            let offers = try await booking.offers(days: 5 + 2 * (index % 170))
            let pair = 2 * (index / 170)
            let first = try #require(offers[pair]["offerId"] as? String)
            let second = try #require(offers[pair + 1]["offerId"] as? String)
            let hold = try await booking.run(["hold", first, "--no-wait"])
            try #require(hold.status == 0, "hold failed: \(hold.output) \(hold.error)")
            let runs = try await runAtOnce(booking: booking, plan: plan, index: index, secondOffer: second)
            for (name, run) in runs where run.signalled {
                if name == plan.victim && run.status == SIGKILL {
                    outcome.killed = true
                } else {
                    outcome.problems.append("\(name) died of signal \(run.status): \(run.error)")
                }
            }
            let reconcile = try await booking.run(["reconcile"])
            if ![0, 1, 3].contains(reconcile.status) {
                outcome.problems.append("reconcile exited \(reconcile.status): \(reconcile.error)")
            }
            let ledger = try await Campaign.ledger(key: key, server: server)
            outcome.problems += Campaign.check(booking: booking, ledger: ledger)
            let pays = runs.filter { $0.0 == "pay" && !$0.1.signalled && $0.1.status == 0 }.map(\.1)
            outcome.paysConfirmed = pays.count
            outcome.problems += checkPays(pays, ledger: ledger, attempts: Campaign.attempts(of: booking))
        } catch {
            outcome.problems.append("\(error)")
        }
        return outcome
    }

    /// Starts `pay`, `hold` of the second offer, `reconcile` and `status`
    /// (and maybe a second `pay`) in an order that turns with `index`,
    /// kills the planned one after its delay, and waits for all of them.
    static func runAtOnce(booking: Booking, plan: Plan, index: Int, secondOffer: String) async throws
        -> [(String, Booking.Run)]
    {
        var commands: [(String, [String])] = [
            ("pay", ["pay", "--json"]), ("hold", ["hold", secondOffer, "--no-wait"]), ("reconcile", ["reconcile"]),
            ("status", ["status"]),
        ]
        if plan.secondPay { commands.append(("pay", ["pay", "--json"])) }
        let turn = index % commands.count
        commands = Array(commands[turn...] + commands[..<turn])
        var children: [(String, ChildProcess)] = []
        for (name, arguments) in commands {
            let dies = name == plan.victim && !children.contains { $0.0 == name }
            let environment = dies ? plan.boundary.map { ["BOOKINGKIT_KILL_AT": $0] } ?? [:] : [:]
            children.append((name, try await booking.start(arguments, environment: environment)))
        }
        if let victim = plan.victim, plan.boundary == nil, let child = children.first(where: { $0.0 == victim })?.1 {
            // check-no-sleep: allowed (the random moment of the SIGKILL is the input under test)
            try await Task.sleep(for: .milliseconds(plan.delay))
            child.kill(SIGKILL)
        }
        var runs: [(String, Booking.Run)] = []
        for (name, child) in children { runs.append((name, await Booking.finish(child))) }
        return runs
    }

    /// Each `pay` that exited 0 names the booking it paid, which the
    /// ledger charged, and the attempt (so the room) it paid, whose row on
    /// the device is that booking's.
    static func checkPays(_ pays: [Booking.Run], ledger: LedgerReport, attempts: [Campaign.Attempt]) -> [String] {
        let charged = Set(ledger.entries.filter { $0.kind == "charge" }.map(\.bookingId))
        return pays.compactMap { pay in
            let state = (try? pay.json())?["state"] as? [String: Any]
            guard let bookingID = state?["bookingId"] as? String, let attemptID = state?["attemptId"] as? String else {
                return "pay exited 0 without naming its booking and attempt: \(pay.output.prefix(300))"
            }
            if !charged.contains(bookingID) { return "pay exited 0 for \(bookingID), which the ledger never charged" }
            guard let row = attempts.first(where: { $0.attempt.id == AttemptID(attemptID) }) else {
                return "pay exited 0 for attempt \(attemptID), which is not on the device"
            }
            if row.bookingID != BookingID(bookingID) {
                let saved = row.bookingID?.rawValue ?? "-"
                return
                    "pay printed \(bookingID) for attempt \(attemptID) (offer \(row.attempt.offerID)), whose row says \(saved)"
            }
            return nil
        }
    }
}
