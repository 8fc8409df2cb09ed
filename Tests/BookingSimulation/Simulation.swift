import BookingAPI
import BookingCore
import BookingKit
import Foundation

/// One deterministic simulated run: the booking flow (`reduce`), the real
/// effect runner, repository and SQLite files, and the in-process sandbox,
/// on virtual time, with faults and process deaths chosen by a seed (or by
/// a scripted scenario). The simulation resumes one piece of work at a time
/// and waits until it stops, so the same seed does the same thing in the
/// same order every time.
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
        }
    }

    let settings: Settings
    let world: SimulationWorld
    private let lock = NSLock()
    private var current: ClientProcess?
    private var queue: [BookingFlow.Event] = []
    private var deathRandom: SimulationRandom
    private var boundariesPassed = 0
    private var deaths = 0
    private var faultsOn = true
    private var boundariesWithFaults = 0
    var state = BookingFlow.initialState
    var snapshot: [String: AttemptFileReader.Row] = [:]
    var schedule = ScheduleWatch()
    var lockHolder: WriteLockHolder?
    var storageFull = false

    /// Opens the world and the first process.
    public init(settings: Settings) async throws {
        self.settings = settings
        world = try SimulationWorld(seed: settings.seed, faultPercent: settings.faultPercent,
                                    holdTTLMilliseconds: settings.holdTTLMilliseconds)
        deathRandom = SimulationRandom(seed: settings.seed ^ 0xDEAD_BEEF)
        let first = try await ClientProcess.open(world: world, generation: 0, eventLog: settings.keepsEventLog, hook: hook(generation: 0))
        lock.withLock { current = first }
    }

    /// The live process.
    var process: ClientProcess {
        lock.withLock {
            guard let current else { preconditionFailure("the simulation has no process") }
            return current
        }
    }

    /// Every boundary passed so far, over all lives.
    public var boundaryCount: Int { lock.withLock { boundariesPassed } }
    /// Boundaries passed before the faults stopped (the ones a death can hit).
    public var boundariesWhileFaulty: Int { lock.withLock { faultsOn ? boundariesPassed : boundariesWithFaults } }
    /// Deaths so far.
    public var deathCount: Int { lock.withLock { deaths } }
    /// What the run saw.
    public var observations: Observations { world.observations }
    /// The client's data directory (booking.sqlite, events.log).
    public var clientDirectory: String { world.clientDirectory }

    /// Deletes every file of the run.
    public func removeFiles() {
        world.removeFiles()
    }

    // MARK: Seams handed to the runtime

    private func hook(generation: Int) -> EffectRunner.BoundaryHook {
        { [weak self] boundary in
            guard let self else { return false }
            return self.pass(boundary, generation: generation)
        }
    }

    private func pass(_ boundary: EffectRunner.Boundary, generation: Int) -> Bool {
        let name = "\(boundary.moment) \(Self.effectName(boundary.effect))"
        let live: ClientProcess? = lock.withLock {
            guard let current, current.generation == generation, current.death == nil,
                  generation == world.scheduler.generation else { return nil }
            return current
        }
        guard let live else { return false }
        let dies: Bool = lock.withLock {
            boundariesPassed += 1
            guard faultsOn else { return false }
            if let target = settings.killAtBoundary { return boundariesPassed == target }
            guard deaths < settings.maximumDeaths, settings.deathPercent > 0 else { return false }
            if deathRandom.chance(settings.deathPercent) {
                deaths += 1
                return true
            }
            return false
        }
        world.observations.boundary(name)
        if dies {
            if settings.killAtBoundary != nil { lock.withLock { deaths += 1 } }
            world.observations.fault(.processDeath)
            world.observations.death(at: name, time: world.scheduler.now)
            live.die(at: name)
            if boundary.moment == "after" && Self.startsTimer(boundary.effect) {
                world.scheduler.yielded(generation: generation)
            }
            return false
        }
        if boundary.moment == "before" && Self.startsTimer(boundary.effect) {
            world.scheduler.timerStarting(generation: generation)
        }
        return true
    }

    private func sink(generation: Int) -> EffectRunner.EventSink {
        { [weak self] event in
            guard let self, generation == self.world.scheduler.generation else { return }
            self.lock.withLock { self.queue.append(event) }
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

    /// Starts `work` in the live process and waits until it stops (finished or asleep).
    @discardableResult
    func start(_ work: @escaping @Sendable (ClientProcess) async -> Void) async -> Completion {
        let completion = Completion()
        let process = self.process
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

    /// Takes one event: reduce, log, check, and run its effects until they stop.
    func send(_ event: BookingFlow.Event) async {
        let before = state
        let (next, effects) = BookingFlow.reduce(state, event)
        process.runtime.log?.append(event, state: next, effects: effects)
        checkTransition(from: before, to: next, event: event, effects: effects)
        state = next
        guard !effects.isEmpty else { return }
        await start { process in
            await process.runtime.runner.run(effects, sink: self.sink(generation: process.generation))
        }
        await afterQuiet()
    }

    /// Takes every queued event, in arrival order.
    func drain() async {
        while let event = lock.withLock({ queue.isEmpty ? nil : queue.removeFirst() }) {
            await send(event)
        }
    }

    var hasQueuedEvents: Bool { lock.withLock { !queue.isEmpty } }

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
    private func afterQuiet() async {
        checkAttemptRows()
        if process.death != nil { await relaunch() }
    }

    // MARK: Life and death

    /// The process died: everything it had in flight is gone; a new process
    /// opens the same files, reconciles and restores the flow.
    func relaunch() async {
        await releaseStorageFaults()
        let generation = world.scheduler.killGeneration()
        world.network.processRestarted()
        lock.withLock { queue.removeAll() }
        state = BookingFlow.initialState
        schedule = ScheduleWatch()
        for _ in 0..<4 { await Task.yield() }
        do {
            let next = try await ClientProcess.open(world: world, generation: generation, eventLog: settings.keepsEventLog,
                                                  hook: hook(generation: generation))
            lock.withLock { current = next }
        } catch {
            world.observations.violation("REOPEN the database could not be reopened after a death: \(error)")
            return
        }
        let reconcile = await start { process in _ = await process.runtime.repository.reconcile() }
        await runUntil(reconcile)
        checkAttemptRows()
        let record = try? await process.runtime.repository.nonFinalAttempts().last.map {
            AttemptRecord(attemptID: $0.attemptID, idempotencyKey: $0.idempotencyKey, offerID: $0.offerID,
                          quoteID: $0.quoteID, holdID: $0.holdID, bookingID: $0.bookingID, phase: $0.phase,
                          version: $0.version)
        }
        await send(.restored(record))
        await drain()
    }

    /// Faults stop: no more network or storage faults, no more deaths.
    func stopFaults() {
        lock.withLock {
            if faultsOn { boundariesWithFaults = boundariesPassed }
            faultsOn = false
        }
        world.network.setFaults(enabled: false)
    }

    /// Whether faults are still on.
    var faultsEnabled: Bool { lock.withLock { faultsOn } }
}

/// Whether a piece of work the simulation started has finished.
final class Completion: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    func finish() { lock.withLock { done = true } }
    var isDone: Bool { lock.withLock { done } }
}
