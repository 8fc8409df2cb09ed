import Foundation

/// What one seed's run found.
public struct SimulationRun: Sendable {
    /// The seed.
    public var seed: UInt64
    /// Broken promises, in order.
    public var violations: [String]
    /// Effect boundaries passed.
    public var boundaries: Int
    /// Boundaries passed, by name.
    public var boundariesByName: [String: Int]
    /// Faults injected, by kind.
    public var faults: [SimulatedFault: Int]
    /// Requests sent.
    public var requests: Int
    /// A one-line summary of the requests, for a failing seed's report.
    public var trace: [String]
    /// What the second process did, if the seed has one.
    public var concurrency = ConcurrencyFigures()
    /// What the account's second device did, if the seed has one.
    public var devices = DeviceFigures()
    /// Taps the screen did not offer, refused by the client (its gates).
    public var refusedTaps = 0
    /// Key closings, hold releases and 3-D Secure abandons sent and answered.
    public var newCalls = NewCallFigures()
    /// Process deaths, by the boundary each died at.
    public var deaths: [String: Int] = [:]

    /// Runs seed `seed` with `steps` steps of the random user.
    public static func random(seed: UInt64, steps: Int? = nil) async -> SimulationRun {
        await random(settings: Simulation.Settings(seed: seed), steps: steps)
    }

    /// Runs `settings` (a seed's, perhaps changed) with `steps` steps of the random user.
    public static func random(settings: Simulation.Settings, steps: Int? = nil) async -> SimulationRun {
        let seed = settings.seed
        let steps = steps ?? Int(8 + seed % 17)
        do {
            let simulation = try await Simulation(settings: settings)
            await simulation.runRandom(steps: steps)
            let run = SimulationRun(simulation)
            simulation.removeFiles()
            return run
        } catch {
            return SimulationRun(
                seed: seed, violations: ["SETUP \(error)"], boundaries: 0, boundariesByName: [:],
                faults: [:], requests: 0, trace: [])
        }
    }

    init(
        seed: UInt64, violations: [String], boundaries: Int, boundariesByName: [String: Int],
        faults: [SimulatedFault: Int], requests: Int, trace: [String]
    ) {
        self.seed = seed
        self.violations = violations
        self.boundaries = boundaries
        self.boundariesByName = boundariesByName
        self.faults = faults
        self.requests = requests
        self.trace = trace
    }

    init(_ simulation: Simulation) {
        let observations = simulation.observations
        let requests = observations.requests
        self.init(
            seed: simulation.settings.seed, violations: observations.violations,
            boundaries: simulation.boundaryCount, boundariesByName: observations.boundaries,
            faults: observations.faults, requests: requests.count, trace: observations.trace.map(\.description))
        concurrency = simulation.concurrencyFigures
        devices = simulation.deviceFigures
        refusedTaps = observations.refusedTaps
        newCalls = NewCallFigures(requests)
        newCalls.cancelsDrawn = simulation.trips.cancelsDrawn
        newCalls.changesDrawn = simulation.trips.changesDrawn
        newCalls.changesAccepted = simulation.trips.changesAccepted
        deaths = observations.deaths
    }

    /// The report of a failing run: the seed to replay and what broke.
    public var failureReport: String {
        let processes = concurrency.runs > 0 ? " (two processes)" : devices.runs > 0 ? " (two devices)" : ""
        var lines = ["simulation seed \(seed)\(processes) broke a promise; replay with BOOKINGKIT_SIM_SEED=\(seed)"]
        lines += violations.prefix(10).map { "  " + $0 }
        lines += ["  requests:"] + trace.suffix(40).map { "    " + $0 }
        return lines.joined(separator: "\n")
    }
}
