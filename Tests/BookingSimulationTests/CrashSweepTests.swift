import BookingSimulation
import Testing

/// Every effect boundary of every scenario, killed in order: the next
/// launch reconciles, and I1...I7 hold.
@Suite struct CrashSweepTests {
    @Test(arguments: Scenario.allCases)
    func dyingAtEveryBoundaryOfTheScenarioKeepsThePromises(scenario: Scenario) async {
        let sweep = await CrashSweep.run([scenario])
        print(sweep.summary)
        #expect(sweep.totalBoundaries > 0)
        #expect(sweep.totalKills == sweep.totalBoundaries, "every kill must land on its boundary")
        #expect(sweep.failures.isEmpty, "\(sweep.failures.prefix(5).joined(separator: "\n"))")
    }
}
