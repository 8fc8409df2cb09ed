/// What two processes on one data directory did in a run (or summed over
/// runs): the figures RELIABILITY.md reports for the second process.
public struct ConcurrencyFigures: Sendable, Equatable {
    /// Runs with a second process.
    public var runs = 0
    /// Of those, runs whose second process was another account or another
    /// server (its own data space), by `SecondIdentity` name.
    public var otherIdentities: [String: Int] = [:]
    /// Steps of the seeded users run while the second process was alive.
    public var twoProcessSteps = 0
    /// Times a process paused at an effect boundary so other work could run first.
    public var pauses = 0
    /// Of those, the pauses during which the other process passed at least
    /// one effect boundary: cross-process interleavings at boundaries.
    public var interleavings = 0
    /// Consecutive effect boundaries passed by different processes.
    public var processSwitches = 0
    /// Commands the second process ran, by name (`hold`, `pay`, ...).
    public var commands: [String: Int] = [:]

    /// Adds another run's figures.
    public mutating func add(_ other: ConcurrencyFigures) {
        runs += other.runs
        otherIdentities.merge(other.otherIdentities, uniquingKeysWith: +)
        twoProcessSteps += other.twoProcessSteps
        pauses += other.pauses
        interleavings += other.interleavings
        processSwitches += other.processSwitches
        commands.merge(other.commands, uniquingKeysWith: +)
    }

    /// The figures as text.
    public var summary: String {
        let byName = commands.keys.sorted().map { "\($0) \(commands[$0] ?? 0)" }.joined(separator: ", ")
        let others = otherIdentities.keys.sorted().map { "\($0) \(otherIdentities[$0] ?? 0)" }
        let identities = others.isEmpty ? "" : " (in a data space of its own: \(others.joined(separator: ", ")))"
        return "second process: \(runs) runs\(identities), \(twoProcessSteps) steps with two processes, "
            + "\(interleavings) cross-process interleavings at boundaries (\(pauses) pauses), "
            + "\(processSwitches) process switches between boundaries; commands: \(byName)"
    }
}
