import BookingSimulation
import Testing

/// Issue 11, item 1: the `booking` CLI as a second process on the app's
/// data directory, interleaved with it at effect boundaries.
@Suite struct SecondProcessTests {
    @Test func aThirdOfTheSeedsRunTheCLIBesideTheAppAndTheirWorkInterleavesAtEffectBoundaries() async {
        let totals = await FirstSeeds.totals.value
        let figures = totals.concurrency
        #expect(figures.runs == 8)
        #expect(figures.twoProcessSteps > 0)
        #expect(figures.interleavings > 0)
        #expect(figures.pauses >= figures.interleavings)
        for command in ["hold", "pay", "status", "reconcile"] {
            #expect(figures.commands[command] ?? 0 > 0, "no booking \(command) ran")
        }
    }

    @Test(arguments: [7, 12] as [UInt64])
    func aTwoProcessSeedReplaysExactlyTheSameRun(seed: UInt64) async {
        let first = await SimulationRun.random(seed: seed)
        let second = await SimulationRun.random(seed: seed)
        #expect(first.concurrency.runs == 1)
        #expect(first.concurrency == second.concurrency)
        #expect(first.trace == second.trace)
        #expect(first.violations == second.violations)
    }
}
