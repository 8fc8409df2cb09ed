import BookingSimulation

/// Seeds 1-24, run once per test process: the second process's and the
/// second device's tests read their figures from the same run (they ran
/// the same 24 seeds twice before).
enum FirstSeeds {
    /// The run's totals, started by the first test that asks.
    static let totals = Task { await SimulationTotals.run(seeds: 1, count: 24) }
}
