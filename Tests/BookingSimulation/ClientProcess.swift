import BookingAPI
import BookingCore
import BookingKit
import Foundation

/// One life of the client process: a runtime over the data directory, its
/// API client, and the boundary hook that can kill it. When it dies, its
/// generation is declared dead to the scheduler and nothing of it runs again.
final class ClientProcess: @unchecked Sendable {
    let generation: Int
    let runtime: BookingRuntime
    let api: BookingAPIClient
    private let lock = NSLock()
    private var diedAt: String?

    /// Opens the files in `world.clientDirectory` as a new process of `role`
    /// (its requests are told apart on the network, for I5 and I7).
    private init(
        world: SimulationWorld, generation: Int, role: ClientLane.Role, eventLog: Bool,
        hook: @escaping EffectRunner.BoundaryHook
    ) throws {
        self.generation = generation
        let scheduler = world.scheduler
        api = BookingAPIClient(
            server: world.server, apiKey: SimulationWorld.apiKey, transport: world.network.from(role.rawValue),
            configuration: APIConfiguration(
                readTimeout: .seconds(3600), holdTimeout: .seconds(3600), payTimeout: .seconds(3600),
                cancelTimeout: .seconds(3600)),
            sleeper: scheduler.sleeper(.retry, generation: generation), wallClockSeconds: world.wallClockSeconds)
        runtime = try BookingRuntime(
            directory: world.clientDirectory, api: api,
            configuration: RepositoryConfiguration(reconcileConcurrency: 1),
            dependencies: Dependencies(
                holdNow: { MonotonicInstant(sinceOrigin: scheduler.now) },
                // One boot for the whole run, on the virtual clock: a saved
                // hold anchor is read against the time the simulation keeps.
                bootReading: { BootClock.Reading(bootID: "simulation", sinceBoot: scheduler.now) },
                sleeper: scheduler.sleeper(.flowTimer, generation: generation)),
            logPath: eventLog ? (world.clientDirectory as NSString).appendingPathComponent("events.log") : nil,
            boundaryHook: hook)
    }

    /// Opens a new process: the runtime, with a short busy timeout (a
    /// blocked write fails in a millisecond instead of five seconds).
    static func open(
        world: SimulationWorld, generation: Int, role: ClientLane.Role, eventLog: Bool,
        hook: @escaping EffectRunner.BoundaryHook
    ) async throws -> ClientProcess {
        let process = try ClientProcess(
            world: world, generation: generation, role: role, eventLog: eventLog, hook: hook)
        try await process.runtime.repository.setPragma("busy_timeout", "1")
        return process
    }

    /// Whether the process has died, and where.
    var death: String? { lock.withLock { diedAt } }

    /// Marks the process dead at `boundary`.
    func die(at boundary: String) {
        lock.withLock { diedAt = boundary }
    }

    /// Storage faults: the page limit (SQLITE_FULL) on the client's own connection.
    func limitPages(_ limited: Bool) async {
        let repository = runtime.repository
        if limited {
            let pages = ((try? await repository.pragma("page_count")) ?? nil).flatMap { Int($0) } ?? 1
            try? await repository.setPragma("max_page_count", String(pages))
        } else {
            try? await repository.setPragma("max_page_count", "1073741823")
        }
    }
}
