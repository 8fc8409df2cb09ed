import BookingSimulation
import Foundation
import Testing

/// The deterministic simulation: seeds, each a user, a network and a
/// process that dies, checked against I1...I15 after every step.
///
/// `swift test` runs a small fixed sample (seeds 1...`sampleSeeds`, always
/// the same); the long mode (`BOOKINGKIT_LONG=1`, run by `.ci/run` through
/// `scripts/long-mode.sh`) runs `longSeeds`; `BOOKINGKIT_SIM_SEEDS` and
/// `BOOKINGKIT_SIM_FIRST` choose any other range (`scripts/reliability.sh`'s
/// record run: 100,000). A failing seed prints how to replay it
/// (`BOOKINGKIT_SIM_SEED=N`).
@Suite struct SimulationTests {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The seeds `swift test` runs: enough for every way out, cancel and
    /// change of dates to be drawn, reach the server and meet a death.
    static let sampleSeeds = 60
    /// The seeds of the long mode `.ci/run` runs every time (about 20
    /// minutes of wall time on 2 cores in a debug build).
    static let longSeeds = 5_000

    /// 2 and 11 run the account's second device.
    @Test(arguments: [7, 65, 1_234, 3_988, 2, 11] as [UInt64])
    func aSeedReplaysExactlyTheSameRun(seed: UInt64) async {
        let first = await SimulationRun.random(seed: seed)
        let second = await SimulationRun.random(seed: seed)
        #expect(first.trace == second.trace)
        #expect(first.trace.count > 3)
        #expect(first.violations == second.violations)
        #expect(first.boundariesByName == second.boundariesByName)
        #expect(first.faults == second.faults)
        #expect(first.devices == second.devices)
    }

    @Test func everySeedKeepsThePromises() async throws {
        if let text = Self.environment["BOOKINGKIT_SIM_SEED"], let seed = UInt64(text) {
            let run = await SimulationRun.random(seed: seed)
            print(run.failureReport)
            #expect(run.violations.isEmpty, "\(run.failureReport)")
            return
        }
        let long = Self.environment["BOOKINGKIT_LONG"] == "1"
        let count = Int(Self.environment["BOOKINGKIT_SIM_SEEDS"] ?? "") ?? (long ? Self.longSeeds : Self.sampleSeeds)
        let first = UInt64(Self.environment["BOOKINGKIT_SIM_FIRST"] ?? "") ?? 1
        let width = Int(Self.environment["BOOKINGKIT_SIM_WIDTH"] ?? "") ?? 8
        let totals = await SimulationTotals.run(seeds: first, count: count, width: width)
        print(totals.summary)
        #expect(totals.seeds == count)
        #expect(
            totals.refusedTaps > 0, "the users never tapped what the screen did not offer: the gates went unchecked")
        // The ways out that keep the room are drawn, and a process dies around them.
        for boundary in ["before closeKey", "after closeKey", "before saveAttemptOnHold", "after readHold"] {
            #expect(totals.boundariesByName[boundary, default: 0] > 0, "the simulation never passed \(boundary)")
        }
        // The ways out of issue 22 reach the server and are answered:
        // closing a key, releasing a hold, leaving a pending 3-D Secure.
        let calls = totals.newCalls
        for (name, count) in [
            ("key closing", calls.keyClosings), ("hold release", calls.releases),
            ("3-D Secure abandon", calls.abandons),
        ] {
            #expect(count.sent > 0, "the simulation never sent a \(name)")
            #expect(count.succeeded > 0, "no \(name) was ever answered with a 2xx")
        }
        for boundary in ["before releaseHold", "after releaseHold", "before abandonBooking"] {
            #expect(totals.boundariesByName[boundary, default: 0] > 0, "the simulation never passed \(boundary)")
        }
        // Confirmed trips are cancelled and moved, and a process dies at
        // the boundaries of both.
        #expect(calls.cancelsDrawn > 0 && calls.changesDrawn > 0, "the users never cancelled or moved a trip")
        for (name, count) in [("cancellation", calls.cancels), ("modification", calls.modifications)] {
            #expect(count.succeeded > 0, "no \(name) was ever answered with a 2xx")
        }
        for boundary in ["after cancel commit", "after cancel POST", "after modify commit", "after modify POST"] {
            #expect(totals.boundariesByName[boundary, default: 0] > 0, "the simulation never passed \(boundary)")
        }
        // The account's second device sees the app's rooms, takes them over
        // and lets them go (issue 40, item 4).
        if totals.devices.runs > 0 {
            #expect(totals.devices.takeOvers > 0, "the second device never took a room over")
            #expect(totals.devices.letGos > 0, "the second device never let a room go")
        }
        #expect(
            totals.failingSeeds.isEmpty,
            "failing seeds \(totals.failingSeeds.prefix(20)):\n\(totals.reports.joined(separator: "\n"))")
    }
}
