import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import Foundation

/// One deterministic simulated run: the app's `BookingClient` (its flow,
/// effect runner, repository and SQLite files), driven through its actions
/// and its launch, and the in-process sandbox, on virtual time, with faults
/// and process deaths chosen by a seed (or by a scripted scenario). The
/// client's flow hands each step's effects to the simulation (its
/// `stepHandler` seam), which resumes one piece of work at a time and waits
/// until it stops, so the same seed does the same thing in the same order
/// every time.
public final class Simulation: @unchecked Sendable {
    /// How a run is shaped.
    public struct Settings: Sendable {
        /// The seed everything is drawn from.
        public var seed: UInt64
        /// Percent of requests that get a network fault.
        public var faultPercent: Int
        /// Percent chance to die at each effect boundary (random mode).
        public var deathPercent: Int
        /// The most deaths in one run (random mode).
        public var maximumDeaths: Int
        /// Die exactly at this boundary, counted from 1 over the whole run (the sweep).
        public var killAtBoundary: Int?
        /// Percent of steps that run with the database locked or full.
        public var storageFaultPercent: Int
        /// The sandbox's hold lifetime.
        public var holdTTLMilliseconds: Int64
        /// Percent of payment taps that type a raw card number instead of a token.
        public var cardNumberPercent = 3
        /// Whether the runtime keeps its event log (a fifth of a run's time
        /// goes into it, so one seed in ten keeps it; the security tests always do).
        public var keepsEventLog: Bool
        /// Whether a second process (the `booking` CLI from another terminal)
        /// works on the same files: seeds whose remainder by 6 is 0 or 1 (a
        /// third of them, so the CI run's time grows by a quarter, not a
        /// third; not 65, 322 or 3,988, so the regression seeds replay their
        /// single-process runs).
        public var secondProcess: Bool
        /// Who the second process is: the app's server and account, or
        /// another account or server on the same directory (`SecondIdentity.drawn`).
        public var secondIdentity: SecondIdentity
        /// Whether the account's second device (a `BookingClient` of the
        /// same account on a data directory of its own, on the same sandbox
        /// and network) runs beside the app: seeds whose remainder by 12 is 2
        /// or 11 (a sixth of them, disjoint from the second process's, and
        /// none of the regression seeds, which replay their runs unchanged).
        public var secondDevice: Bool
        /// Percent chance, with two processes, that a process pauses at an
        /// effect boundary and the simulation runs other work first.
        public var pausePercent = 25

        /// Settings drawn from `seed`.
        public init(seed: UInt64) {
            var random = SimulationRandom(seed: seed)
            self.seed = seed
            faultPercent = random.pick([0, 5, 15, 30, 50])
            deathPercent = random.pick([0, 2, 5, 10])
            maximumDeaths = random.inRange(1...3)
            killAtBoundary = nil
            storageFaultPercent = random.pick([0, 0, 5, 10])
            holdTTLMilliseconds = Int64(random.pick([2, 5, 15])) * 60_000
            keepsEventLog = seed % 10 == 0
            secondProcess = seed % 6 < 2
            secondIdentity = SecondIdentity.drawn(seed: seed)
            secondDevice = seed % 12 == 2 || seed % 12 == 11
        }
    }

    let settings: Settings
    let world: SimulationWorld
    /// The app: the first process, which dies and relaunches.
    let app = ClientLane(role: .app)
    /// The second process on the same files (the CLI), when the seed has one.
    let cli: ClientLane?
    /// The account's second device on its own files, when the seed has one.
    let device: ClientLane?
    /// What the boundary hook and the checks share, locked.
    private struct Record {
        var deathRandom: SimulationRandom
        var pauseRandom: SimulationRandom
        var boundariesPassed = 0
        var deaths = 0
        var faultsOn = true
        var boundariesWithFaults = 0
        var lastBoundaryRole: ClientLane.Role?
        var concurrency = ConcurrencyFigures()
        var devices = DeviceFigures()
    }

    private let record: Locked<Record>
    var snapshot: [String: AttemptFileReader.Row] = [:]
    var lockHolder: WriteLockHolder?
    var storageFull = false
    /// The trips' versions seen and the cancels and changes drawn (I14).
    var trips = TripWatch()
    /// The attempts the second device started by taking a room over.
    var takenOver: Set<String> = []

    /// Opens the world and the first process.
    public init(settings: Settings) async throws {
        self.settings = settings
        world = try SimulationWorld(
            seed: settings.seed, faultPercent: settings.faultPercent,
            holdTTLMilliseconds: settings.holdTTLMilliseconds,
            second: settings.secondProcess ? settings.secondIdentity : .same, secondDevice: settings.secondDevice)
        record = Locked(
            Record(
                deathRandom: SimulationRandom(seed: settings.seed ^ 0xDEAD_BEEF),
                pauseRandom: SimulationRandom(seed: settings.seed ^ 0x9A05E)))
        cli = settings.secondProcess ? ClientLane(role: .cli) : nil
        device = settings.secondDevice ? ClientLane(role: .device) : nil
        let first = try await ClientProcess.open(
            world: world, generation: 0, role: .app, eventLog: settings.keepsEventLog,
            hook: hook(app, generation: 0), tripHooks: tripHooks(app, generation: 0), steps: steps(app))
        app.replace(with: first)
    }

    /// The app's flow state.
    var state: BookingFlow.State { app.state }

    /// The app's live process (none only while it relaunches).
    var process: ClientProcess? { app.live }

    /// The lanes, the app first.
    var lanes: [ClientLane] { [app] + (cli.map { [$0] } ?? []) + (device.map { [$0] } ?? []) }

    /// The other process's lane (the CLI's or the second device's: a seed
    /// has one of them at most).
    func other(than lane: ClientLane) -> ClientLane? {
        lanes.first { $0 !== lane }
    }

    /// Every boundary passed so far, over all lives.
    public var boundaryCount: Int { record.withLock { $0.boundariesPassed } }
    /// Boundaries passed before the faults stopped (the ones a death can hit).
    public var boundariesWhileFaulty: Int {
        record.withLock { $0.faultsOn ? $0.boundariesPassed : $0.boundariesWithFaults }
    }
    /// Deaths so far.
    public var deathCount: Int { record.withLock { $0.deaths } }
    /// What the run saw.
    public var observations: Observations { world.observations }
    /// The client's data directory (booking.sqlite, events.log).
    public var clientDirectory: String { world.clientDirectory }

    /// What the two processes did (zero without a second process).
    public var concurrencyFigures: ConcurrencyFigures {
        var figures = record.withLock { $0.concurrency }
        figures.runs = cli == nil ? 0 : 1
        if cli != nil, world.second != .same { figures.otherIdentities[world.second.rawValue] = 1 }
        return figures
    }

    /// Counts something the second process did.
    func count(_ body: (inout ConcurrencyFigures) -> Void) {
        record.withLock { body(&$0.concurrency) }
    }

    /// What the second device did (zero without one).
    public var deviceFigures: DeviceFigures {
        var figures = record.withLock { $0.devices }
        figures.runs = device == nil ? 0 : 1
        return figures
    }

    /// Counts something the second device (or, for what it shows, either device) did.
    func countDevice(_ body: (inout DeviceFigures) -> Void) {
        record.withLock { body(&$0.devices) }
    }

    /// Ends the processes and deletes every file of the run.
    public func removeFiles() {
        for lane in lanes { _ = end(lane) }
        world.removeFiles()
    }

    // MARK: Seams handed to the client

    func hook(_ lane: ClientLane, generation: Int) -> EffectRunner.BoundaryHook {
        // Weak: the lane holds the process, whose runner holds this hook.
        { [weak self, weak lane] boundary in
            guard let self, let lane else { return false }
            return await self.pass(boundary, lane: lane, generation: generation)
        }
    }

    private func pass(_ boundary: EffectRunner.Boundary, lane: ClientLane, generation: Int) async -> Bool {
        let name = "\(boundary.moment) \(Self.effectName(boundary.effect))"
        guard let (live, dies) = arrive(at: name, lane: lane, generation: generation) else { return false }
        if dies {
            dieAtBoundary(name, live: live, lane: lane)
            if boundary.moment == "after" && Self.startsTimer(boundary.effect) {
                world.scheduler.yielded(generation: generation)
            }
            return false
        }
        guard await pauseForOtherProcess(lane, generation: generation) else { return false }
        if boundary.moment == "before" && Self.startsTimer(boundary.effect) {
            world.scheduler.timerStarting(generation: generation)
        }
        return true
    }

    /// At a boundary of a cancellation or a change of dates (their seams,
    /// asked synchronously): counted and drawn for a death as the flow's
    /// are; never paused. False when the process dies there (or is gone).
    func passTripBoundary(_ name: String, lane: ClientLane, generation: Int) -> Bool {
        guard let (live, dies) = arrive(at: name, lane: lane, generation: generation) else { return false }
        if dies { dieAtBoundary(name, live: live, lane: lane) }
        return !dies
    }

    /// The lane's live process of `generation` reaches the boundary `name`:
    /// counted, and drawn for a death. Nil when that process is gone.
    private func arrive(at name: String, lane: ClientLane, generation: Int) -> (ClientProcess, dies: Bool)? {
        guard let live = lane.live, live.generation == generation, live.death == nil,
            world.scheduler.isLive(generation)
        else { return nil }
        lane.countBoundary()
        let dies = drawsDeath(lane)
        world.observations.boundary(name)
        return (live, dies)
    }

    /// Counts a boundary and draws whether the process dies at it.
    private func drawsDeath(_ lane: ClientLane) -> Bool {
        let settings = self.settings
        let dies: Bool = record.withLock {
            $0.boundariesPassed += 1
            if let last = $0.lastBoundaryRole, last != lane.role {
                if last == .device || lane.role == .device {
                    $0.devices.switches += 1
                } else {
                    $0.concurrency.processSwitches += 1
                }
            }
            $0.lastBoundaryRole = lane.role
            guard $0.faultsOn else { return false }
            if let target = settings.killAtBoundary { return $0.boundariesPassed == target }
            guard $0.deaths < settings.maximumDeaths, settings.deathPercent > 0 else { return false }
            if $0.deathRandom.chance(settings.deathPercent) {
                $0.deaths += 1
                return true
            }
            return false
        }
        if dies && settings.killAtBoundary != nil { record.withLock { $0.deaths += 1 } }
        return dies
    }

    /// The process dies at the boundary `name`.
    private func dieAtBoundary(_ name: String, live: ClientProcess, lane: ClientLane) {
        world.observations.fault(.processDeath)
        let named: String
        switch lane.role {
        case .app: named = name
        case .cli: named = "\(name) (second process)"
        case .device: named = "\(name) (second device)"
        }
        world.observations.death(at: named, time: world.scheduler.now)
        live.die(at: name)
    }

    /// With two processes, sometimes pauses this one at the boundary (it
    /// parks on the scheduler like a sleeper due now) so the simulation can
    /// run the other process's work before it goes on. False when the
    /// process ended while paused.
    private func pauseForOtherProcess(_ lane: ClientLane, generation: Int) async -> Bool {
        guard let other = other(than: lane), other.live != nil,
            record.withLock({ [percent = settings.pausePercent] in $0.faultsOn && $0.pauseRandom.chance(percent) })
        else { return true }
        let otherBefore = other.boundaryCount
        lane.pause()
        defer { lane.resume() }
        do {
            try await world.scheduler.park(kind: .boundary, generation: generation, for: .zero)
        } catch {
            return false
        }
        let interleaved = other.boundaryCount != otherBefore
        let isDevice = other.role == .device || lane.role == .device
        record.withLock {
            if isDevice {
                $0.devices.pauses += 1
                if interleaved { $0.devices.interleavings += 1 }
            } else {
                $0.concurrency.pauses += 1
                if interleaved { $0.concurrency.interleavings += 1 }
            }
        }
        return true
    }

    func sink(_ lane: ClientLane, generation: Int) -> EffectRunner.EventSink {
        { [weak self, weak lane] event in
            guard let self, let lane, self.world.scheduler.isLive(generation) else { return }
            lane.enqueue(event)
            if Self.comesFromTimer(event) { self.world.scheduler.yielded(generation: generation) }
        }
    }

    static func startsTimer(_ effect: String) -> Bool {
        effect.hasPrefix("scheduleHoldTimer") || effect.hasPrefix("lookUpAttempt") || effect.hasPrefix("pollBooking")
    }

    static func comesFromTimer(_ event: BookingFlow.Event) -> Bool {
        switch event {
        case .holdTimerFired, .attemptLookedUp, .bookingPolled: return true
        default: return false
        }
    }

    /// An effect's name without its wait, for counting boundaries.
    static func effectName(_ name: String) -> String {
        name.range(of: "(after:").map { String(name[..<$0.lowerBound]) } ?? name
    }

    // MARK: Running work one piece at a time

    /// Starts `work` in the lane's live process (the app's by default) and
    /// waits until it stops (finished, asleep, or paused at a boundary).
    @discardableResult
    func start(on lane: ClientLane? = nil, _ work: @escaping @Sendable (ClientProcess) async -> Void) async
        -> Completion
    {
        let completion = Completion()
        guard let process = (lane ?? app).live else {
            world.observations.violation("SETUP the \((lane ?? app).role) process is gone: work cannot start")
            completion.finish()
            return completion
        }
        let scheduler = world.scheduler
        let ticket = scheduler.ticket()
        Task {
            await work(process)
            completion.finish()
            scheduler.yielded(generation: process.generation)
        }
        await scheduler.waitForQuiet(after: ticket)
        return completion
    }

    /// Takes every queued event, in arrival order, the app's first (a
    /// process paused at a boundary keeps its events until it goes on).
    func drain() async {
        while let (lane, event) = nextQueued() {
            await deliver(event, on: lane)
        }
    }

    private func nextQueued() -> (ClientLane, BookingFlow.Event)? {
        for lane in lanes {
            if let event = lane.nextEvent() { return (lane, event) }
        }
        return nil
    }

    var hasQueuedEvents: Bool { app.hasQueuedEvents }

    /// Wakes every sleeper due by `limit` in order, then moves time to `limit`.
    func runTimers(until limit: Duration) async {
        var wakes = 0
        while wakes < 2_000, let ticket = world.scheduler.wakeNext(notAfter: limit) {
            wakes += 1
            await world.scheduler.waitForQuiet(after: ticket)
            await afterQuiet()
            await drain()
        }
        world.scheduler.advance(to: limit)
    }

    /// Wakes sleepers until `completion` is done (or nothing sleeps).
    func runUntil(_ completion: Completion) async {
        var wakes = 0
        while !completion.isDone, wakes < 2_000, let ticket = world.scheduler.wakeNext(notAfter: .seconds(1 << 40)) {
            wakes += 1
            await world.scheduler.waitForQuiet(after: ticket)
            await afterQuiet()
        }
        if !completion.isDone { world.observations.violation("STUCK work never finished at t=\(world.scheduler.now)") }
    }

    /// After work stopped: take a snapshot for I3, and handle a death.
    func afterQuiet() async {
        checkAttemptRows()
        checkLiveHolds()
        checkTripVersions()
        for lane in lanes where lane.live?.death != nil { await relaunch(lane) }
    }

    // MARK: Faults

    /// Faults stop: no more network or storage faults, no more deaths.
    func stopFaults() {
        record.withLock {
            if $0.faultsOn { $0.boundariesWithFaults = $0.boundariesPassed }
            $0.faultsOn = false
        }
        world.network.setFaults(enabled: false)
    }

    /// Whether faults are still on.
    var faultsEnabled: Bool { record.withLock { $0.faultsOn } }
}

/// Whether a piece of work the simulation started has finished.
final class Completion: Sendable {
    private let done = Locked(false)

    func finish() { done.withLock { $0 = true } }
    var isDone: Bool { done.withLock { $0 } }
}
