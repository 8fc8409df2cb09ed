import BookingAPI
import Foundation
import TestSupport
import Testing

/// Issue 7, item 3: the real `booking` binary against the real sandbox over
/// loopback, killed with SIGKILL while it pays: at named effect boundaries
/// (the debug build's `BOOKINGKIT_KILL_AT` hook) and after random delays
/// from outside. After each kill, `booking reconcile`; then the ledger (no
/// key and no hold charged twice), the trip table (every charged booking is
/// a trip, its attempt not let go) and `PRAGMA integrity_check` are checked
/// (`Campaign.check`).
///
/// Around the ways out (issue 22, `KillCampaignTests+Exits.swift`): the
/// next `booking pay` after a payment that never left, killed before and
/// after it closes the key; the next `booking hold` after a decline, killed
/// after it saved the declined room's release and after it sent it;
/// `booking pay --another-card` leaving a pending bank page, killed before
/// and after the booking is abandoned. After
/// every kill and the runs that follow, the account keeps at most one live
/// room (`/sandbox/holds.json`).
///
/// `swift test`: 2 tries per payment boundary, 1 per way-out boundary,
/// plus 4 at random moments (some land after `booking pay` exited): 16
/// runs, every named one a kill. The long mode (`BOOKINGKIT_LONG=1`,
/// `.ci/run`): 20 per boundary plus 20 random, 200 runs. A failing run
/// prints how to replay it alone (`BOOKINGKIT_CAMPAIGN_RUNS`). The
/// repository saves the payment's answer (the trip with it) before `after
/// pay`; the flow has no save of its own after it.
@Suite struct KillCampaignTests {
    /// The named kill points: the payment's, then the ways out's.
    static let boundaries =
        ["before saveAttemptStatus(PAYMENT_SUBMITTED)", "before pay", "after pay"] + wayOutBoundaries

    /// One kill's outcome.
    struct Kill: Sendable {
        var index: Int
        var point: String
        var killed: Bool
        var problems: [String]
    }

    /// How many runs are killed from outside after a random delay.
    static var randomKills: Int { Campaign.isLong ? 20 : 4 }

    @Test(ExternalTool.needed("sqlite3"))
    func payKilledAtNamedBoundariesAndRandomMomentsNeverChargesTwiceNorLosesATrip() async throws {
        let randomKills = Self.randomKills
        var plan = Self.boundaries.flatMap { Array(repeating: $0, count: Self.tries(at: $0)) }
        // Kills from outside after 0 to 79 ms: some land before the payment
        // leaves, some while it is out, some after (those are not kills).
        plan += (0..<randomKills).map { "random \(($0 * 37) % 80) ms" }
        let kills = try await Campaign.runAgainstSandbox(plan) { index, point, server in
            await Self.killOnce(index: index, point: point, server: server)
        }
        var byPoint: [String: Int] = [:]
        for kill in kills where kill.killed {
            byPoint[kill.point.hasPrefix("random") ? "random delay" : kill.point, default: 0] += 1
        }
        print("kill campaign: \(kills.filter(\.killed).count) kills of \(kills.count) runs")
        for point in byPoint.keys.sorted() { print("  \(point): \(byPoint[point] ?? 0)") }
        let replay = "KillCampaignTests/payKilledAtNamedBoundaries"
        let problems = kills.flatMap { kill in
            kill.problems.map { "\(kill.point) (\(Campaign.replay(kill.index, replay))): \($0)" }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
        guard Campaign.replayedRuns == nil else { return }
        for boundary in Self.boundaries {
            #expect(
                byPoint[boundary] ?? 0 >= Self.tries(at: boundary), "\(boundary) killed \(byPoint[boundary] ?? 0) times"
            )
        }
        #expect(kills.filter(\.killed).count >= plan.count - randomKills)
    }

    /// How many runs are killed at `boundary`.
    static func tries(at boundary: String) -> Int {
        if Campaign.isLong { return 20 }
        return wayOutBoundaries.contains(boundary) ? 1 : 2
    }

    /// Holds an offer, pays and kills the payment, reconciles, checks.
    static func killOnce(index: Int, point: String, server: String) async -> Kill {
        var kill = Kill(index: index, point: point, killed: false, problems: [])
        let key = "sk_test_kill\(index)x\(ProcessInfo.processInfo.processIdentifier)"
        var booking = Booking(server: server, label: "kill-campaign")
        booking.global += ["--api-key", key]
        let account = String(key.dropFirst("sk_test_".count))
        do {
            if wayOutBoundaries.contains(point) {
                if keyClosingBoundaries.contains(point) {
                    try await killAroundKeyClosing(&kill, booking: booking, index: index, point: point)
                } else if abandonBoundaries.contains(point) {
                    try await killAroundAbandon(&kill, booking: booking, index: index, point: point)
                } else {
                    try await killAroundRelease(
                        &kill, booking: booking, index: index, point: point, server: server, account: account)
                }
                kill.problems += try await Self.afterwards(booking, key: key, account: account, server: server)
                return kill
            }
            // Stays that never overlap on one offer (up to 1,190 kills), so
            // the rooms never run out.
            try await booking.holdAnOffer(index: (index / 170) % 7, days: 5 + 2 * (index % 170))
            if point.hasPrefix("random") {
                let delay = Int(point.split(separator: " ")[1]) ?? 0
                let child = try await booking.start(["pay"])
                // check-no-sleep: allowed (the random moment of the SIGKILL is the input under test)
                try await Task.sleep(for: .milliseconds(delay))
                child.kill(SIGKILL)
                kill.killed = await Booking.finish(child).signalled
            } else {
                let pay = try await booking.run(["pay"], environment: ["BOOKINGKIT_KILL_AT": point])
                kill.killed = pay.signalled && pay.status == SIGKILL
                if !kill.killed { kill.problems.append("not killed: exit \(pay.status) \(pay.error)") }
            }
            let reconcile = try await booking.run(["reconcile"])
            if ![0, 1, 3].contains(reconcile.status) {
                kill.problems.append("reconcile exited \(reconcile.status): \(reconcile.error)")
            }
            kill.problems += try await Self.afterwards(booking, key: key, account: account, server: server)
        } catch {
            kill.problems.append("\(error)")
        }
        return kill
    }

    /// The checks after a kill and the runs after it: no double charge, no
    /// lost trip, a sound file (`Campaign.check`), and at most one live room
    /// for the account's one chain of attempts.
    static func afterwards(_ booking: Booking, key: String, account: String, server: String) async throws -> [String] {
        var problems = Campaign.check(booking: booking, ledger: try await Campaign.ledger(key: key, server: server))
        let live = try await Campaign.liveHolds(account: account, server: server)
        if live.count > 1 { problems.append("\(live.count) live rooms for one chain: \(live.joined(separator: ", "))") }
        return problems
    }
}
