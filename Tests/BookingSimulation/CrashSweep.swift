/// The crash-point sweep: every effect boundary of every scenario, in
/// order, not by chance. A scenario runs once to count its boundaries N,
/// then N more times, dying at boundary k = 1...N; each run restarts,
/// reconciles and is checked against I1...I7.
public struct CrashSweep: Sendable {
    /// One scenario's figures.
    public struct Line: Sendable {
        public var scenario: Scenario
        /// Boundaries the undisturbed run passed (and kills made).
        public var boundaries: Int
        /// Runs whose kill landed (the boundary was reached).
        public var kills: Int
        /// Failing runs: the boundary and what broke.
        public var failures: [String]
        /// Kills by boundary name.
        public var killsByBoundary: [String: Int]
    }

    /// The scenarios' lines.
    public var lines: [Line] = []

    /// Sweeps `scenarios`.
    public static func run(_ scenarios: [Scenario] = Scenario.allCases) async -> CrashSweep {
        var sweep = CrashSweep()
        for scenario in scenarios {
            sweep.lines.append(await sweepOne(scenario))
        }
        return sweep
    }

    static func sweepOne(_ scenario: Scenario) async -> Line {
        var line = Line(scenario: scenario, boundaries: 0, kills: 0, failures: [], killsByBoundary: [:])
        guard let clean = try? await Simulation(settings: scenario.settings(killAt: nil)) else {
            line.failures.append("setup failed")
            return line
        }
        await clean.run(scenario)
        line.boundaries = clean.boundariesWhileFaulty
        if !clean.observations.violations.isEmpty {
            line.failures.append("no kill: \(clean.observations.violations)")
        }
        clean.removeFiles()
        guard line.boundaries > 0 else { return line }
        for k in 1...line.boundaries {
            guard let simulation = try? await Simulation(settings: scenario.settings(killAt: k)) else {
                line.failures.append("k=\(k): setup failed")
                continue
            }
            await simulation.run(scenario)
            line.kills += simulation.deathCount
            line.killsByBoundary.merge(simulation.observations.deaths, uniquingKeysWith: +)
            let violations = simulation.observations.violations
            if !violations.isEmpty {
                line.failures.append(
                    "\(scenario.rawValue) killed at boundary \(k) (\(simulation.observations.deaths.keys.sorted())): \(violations)"
                )
            }
            simulation.removeFiles()
        }
        return line
    }

    /// Boundaries covered in all.
    public var totalBoundaries: Int { lines.reduce(0) { $0 + $1.boundaries } }
    /// Kills made in all.
    public var totalKills: Int { lines.reduce(0) { $0 + $1.kills } }
    /// Every failure.
    public var failures: [String] { lines.flatMap(\.failures) }

    /// The figures as text.
    public var summary: String {
        var text = lines.map { "\($0.scenario.rawValue): \($0.boundaries) boundaries, \($0.kills) kills" }
        text.append("total: \(totalBoundaries) boundaries, \(totalKills) kills")
        var byBoundary: [String: Int] = [:]
        for line in lines { byBoundary.merge(line.killsByBoundary, uniquingKeysWith: +) }
        text += byBoundary.keys.sorted().map { "  killed at \($0): \(byBoundary[$0] ?? 0)" }
        return text.joined(separator: "\n")
    }
}
