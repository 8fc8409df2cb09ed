import Foundation

/// Figures summed over many runs.
public struct SimulationTotals: Sendable {
    /// Seeds run.
    public var seeds = 0
    /// Seeds that broke a promise.
    public var failingSeeds: [UInt64] = []
    /// Effect boundaries passed.
    public var boundaries = 0
    /// Boundaries by name.
    public var boundariesByName: [String: Int] = [:]
    /// Faults by kind.
    public var faults: [SimulatedFault: Int] = [:]
    /// Requests sent.
    public var requests = 0
    /// Taps the screen did not offer, refused by the client.
    public var refusedTaps = 0
    /// The first failing runs' reports.
    public var reports: [String] = []
    /// What the second processes did.
    public var concurrency = ConcurrencyFigures()
    /// What the second devices did.
    public var devices = DeviceFigures()
    /// Failing seeds by each check they broke (`I2`, `I8 ABANDONED`, ...).
    public var failuresByCheck: [String: [UInt64]] = [:]
    /// Key closings, hold releases and 3-D Secure abandons sent and answered.
    public var newCalls = NewCallFigures()
    /// Process deaths, by boundary.
    public var deaths: [String: Int] = [:]

    /// Adds one run.
    public mutating func add(_ run: SimulationRun) {
        seeds += 1
        boundaries += run.boundaries
        requests += run.requests
        refusedTaps += run.refusedTaps
        newCalls.add(run.newCalls)
        deaths.merge(run.deaths, uniquingKeysWith: +)
        boundariesByName.merge(run.boundariesByName, uniquingKeysWith: +)
        faults.merge(run.faults, uniquingKeysWith: +)
        concurrency.add(run.concurrency)
        devices.add(run.devices)
        for check in Set(run.violations.map(Self.check)) {
            failuresByCheck[check, default: []].append(run.seed)
        }
        if !run.violations.isEmpty {
            failingSeeds.append(run.seed)
            if reports.count < 3 { reports.append(run.failureReport) }
        }
    }

    /// A violation's check (`I2`); for I8, with the status the charged attempt has.
    static func check(_ violation: String) -> String {
        let name = String(violation.prefix { $0 != " " })
        guard name == "I8", let status = violation.split(separator: " ").last else { return name }
        return "\(name) \(status)"
    }

    /// Runs seeds `first ..< first + count`, `width` at a time.
    public static func run(seeds first: UInt64, count: Int, width: Int = 4) async -> SimulationTotals {
        var totals = SimulationTotals()
        await withTaskGroup(of: SimulationRun.self) { group in
            var next = first
            let end = first + UInt64(count)
            while next < end && next < first + UInt64(width) {
                let seed = next
                group.addTask { await traced(seed) }
                next += 1
            }
            while let run = await group.next() {
                totals.add(run)
                if next < end {
                    let seed = next
                    group.addTask { await traced(seed) }
                    next += 1
                }
            }
        }
        return totals
    }

    private static let traceLock = NSLock()

    /// One seed's run; with `BOOKINGKIT_SIM_TRACE=PATH`, a line is added to
    /// the file at PATH when it starts and when it ends (with its first
    /// broken promises, if any), so the seeds of a run that stopped moving,
    /// or of one stopped early, can be named from outside it.
    static func traced(_ seed: UInt64) async -> SimulationRun {
        let path = ProcessInfo.processInfo.environment["BOOKINGKIT_SIM_TRACE"]
        func note(_ line: String) {
            guard let path else { return }
            traceLock.withLock {
                guard let file = FileHandle(forWritingAtPath: path) else { return }
                file.seekToEndOfFile()
                file.write(Data((line + "\n").utf8))
                try? file.close()
            }
        }
        note("start \(seed)")
        let run = await SimulationRun.random(seed: seed)
        note("end \(seed)" + (run.violations.isEmpty ? "" : " failing: \(run.violations.prefix(3))"))
        return run
    }

    /// The figures as text.
    public var summary: String {
        var lines = [
            "seeds: \(seeds), failing: \(failingSeeds.count), requests: \(requests), effect boundaries: \(boundaries)"
        ]
        if !failuresByCheck.isEmpty {
            lines.append("failing seeds by check broken (a seed under each it broke):")
            for check in failuresByCheck.keys.sorted() {
                let seeds = (failuresByCheck[check] ?? []).sorted()
                lines.append(
                    "  \(check): \(seeds.count) (\(seeds.prefix(12).map(String.init).joined(separator: ", ")))")
            }
        }
        lines.append("taps the screen did not offer, refused by the client: \(refusedTaps)")
        lines.append("process deaths: \(deaths.values.reduce(0, +))")
        lines.append(newCalls.summary)
        lines.append(concurrency.summary)
        lines.append(devices.summary)
        lines.append("faults injected by kind:")
        for kind in faults.keys.sorted() { lines.append("  \(kind.name): \(faults[kind] ?? 0)") }
        lines.append("boundaries by name:")
        for name in boundariesByName.keys.sorted() { lines.append("  \(name): \(boundariesByName[name] ?? 0)") }
        return lines.joined(separator: "\n")
    }
}
