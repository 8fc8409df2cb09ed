import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import Foundation

/// One life of a client process: a `BookingClient` over the data directory,
/// made as an app makes it (the simulated network as its transport), with
/// the seams the simulation drives it by: the virtual clocks and sleepers,
/// ids from the seed, the boundary hook that can kill it, and the step
/// handler that hands the flow's effects to the simulation. When it dies,
/// its generation is declared dead to the scheduler and nothing of it runs
/// again.
final class ClientProcess: Sendable {
    let generation: Int
    let client: BookingClient
    private let diedAt = Locked<String?>(nil)

    /// Opens the files in the role's data directory (`world.dataDirectory(of:)`) as a new process of `role`
    /// (its requests are told apart on the network, for I5 and I7), with
    /// the server and key of `role` (the client keeps another identity's
    /// files in a data space of its own).
    private init(
        world: SimulationWorld, generation: Int, role: ClientLane.Role, eventLog: Bool,
        hook: @escaping EffectRunner.BoundaryHook, tripHooks: TripHooks, steps: @escaping FlowStore.StepHandler
    ) throws {
        self.generation = generation
        let scheduler = world.scheduler
        let (server, apiKey) = world.endpoint(of: role)
        var configuration = BookingClient.Configuration(
            server: server, credential: .apiKey(apiKey),
            dataDirectory: URL(fileURLWithPath: world.dataDirectory(of: role)),
            transport: world.network.from(role.rawValue),
            // `launch()` bounds its settling on the real clock (`TimeLimit`):
            // a launch's reconciliation runs on virtual time in milliseconds,
            // so two minutes are never reached and the run stays the seed's,
            // while each launch's timer task ends two minutes later (a year
            // would keep one asleep per launch for the rest of a long run).
            launchBound: .seconds(120),
            api: APIConfiguration(
                readTimeout: .seconds(3600), holdTimeout: .seconds(3600), payTimeout: .seconds(3600),
                cancelTimeout: .seconds(3600)))
        // The foreground's refresh after a long gap (a trip sync and a
        // search's first page: reads that move no money) is not drawn: run
        // inline in the user's tap, as the seams below run background work,
        // its retries stall the virtual scheduler (seed 9). ForegroundGapTests
        // covers it over real HTTP.
        configuration.foregroundRefreshAfter = .seconds(100 * 365 * 86_400)
        var seams = BookingClient.Seams(
            dependencies: Dependencies(
                now: world.wallClock, makeUUID: { [world] in world.makeUUID() },
                holdNow: { MonotonicInstant(sinceOrigin: scheduler.now) },
                // One boot for the whole run, on the virtual clock: a saved
                // hold anchor is read against the time the simulation keeps.
                bootReading: { BootClock.Reading(bootID: "simulation", sinceBoot: scheduler.now) },
                sleeper: scheduler.sleeper(.flowTimer, generation: generation)),
            retrySleeper: scheduler.sleeper(.retry, generation: generation),
            eventLogPath: eventLog ? (world.clientDirectory as NSString).appendingPathComponent("events.log") : nil,
            boundaryHook: hook, cancelBoundaryHook: tripHooks.cancel, reconcileConcurrency: 1, stepHandler: steps,
            // Real time, as the launch's bound above: never reached, so a
            // read of the switch is always part of the work that started it.
            paymentMethodsReadBound: .seconds(120), readsSwitchBesideSettling: false,
            // The releases a sign-in sends again are waited for, as part of the tap.
            startBackground: { work in await work() })
        seams.modifyBoundaryHook = tripHooks.modify
        client = try BookingClient(configuration, seams: seams)
    }

    /// Opens a new process: the client, with a short busy timeout on its
    /// attempts' connection (a blocked write fails in a millisecond instead
    /// of five seconds).
    static func open(
        world: SimulationWorld, generation: Int, role: ClientLane.Role, eventLog: Bool,
        hook: @escaping EffectRunner.BoundaryHook, tripHooks: TripHooks, steps: @escaping FlowStore.StepHandler
    ) async throws -> ClientProcess {
        let process = try ClientProcess(
            world: world, generation: generation, role: role, eventLog: eventLog, hook: hook, tripHooks: tripHooks,
            steps: steps)
        try await process.repository.setPragma("busy_timeout", "1")
        // The user's checkout form is filled in (the lead guest): Pay needs it.
        await process.client.setGuest(BookingFlow.Samples.guest)
        return process
    }

    /// The client's attempts, for what the simulation does beside the
    /// flow: the storage faults' pragmas, the CLI's launch reconciliation.
    var repository: BookingRepository { client.runtime.repository }

    /// Runs a step's effects with the client's runner (what its flow store
    /// does in an app), each resulting event to `sink`.
    func run(_ effects: [BookingFlow.Effect], sink: @escaping EffectRunner.EventSink) async {
        await client.runtime.runner.run(effects, sink: sink)
    }

    /// Hands an event an effect produced to the client's flow, as its flow
    /// store's own runner task would.
    func deliver(_ event: BookingFlow.Event) async {
        await client.runtime.flow.send(event)
    }

    /// Whether the process has died, and where.
    var death: String? { diedAt.withLock { $0 } }

    /// Marks the process dead at `boundary`.
    func die(at boundary: String) {
        diedAt.withLock { $0 = boundary }
    }

    /// Storage faults: the page limit (SQLITE_FULL) on the client's own connection.
    func limitPages(_ limited: Bool) async {
        let repository = self.repository
        if limited {
            let pages = ((try? await repository.pragma("page_count")) ?? nil).flatMap { Int($0) } ?? 1
            try? await repository.setPragma("max_page_count", String(pages))
        } else {
            try? await repository.setPragma("max_page_count", "1073741823")
        }
    }
}
