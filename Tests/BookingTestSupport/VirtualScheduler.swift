import BookingAPI
import Foundation

/// Virtual time for one simulation (and any test that wants its waits
/// driven by the test, not the clock): a queue of sleepers ordered by the
/// virtual instant they wake at (then by the order they went to sleep), and
/// the bookkeeping that lets the simulation wait until the one piece of work
/// it resumed has stopped again. Nothing sleeps for real.
///
/// The simulation resumes one piece of work at a time (a list of effects, or
/// one sleeper) and waits for it to *yield*: the effects finished, it went to
/// sleep waiting to retry, or the timer task it ran delivered its event (or
/// died). Timer tasks the effects started must have gone to sleep too. Then
/// nothing runs but the simulation, so the order of everything is the seed's.
package final class VirtualScheduler: @unchecked Sendable {
    /// What a sleeper waits for.
    package enum Kind: Sendable {
        /// A flow timer (hold countdown, lookup, poll) started by the runner.
        case flowTimer
        /// The API client waiting before a retry.
        case retry
        /// A process paused at an effect boundary so another process's work
        /// can run before it goes on (two processes on one data directory).
        case boundary
    }

    private struct Parked {
        var wakeAt: Duration
        var order: Int
        var kind: Kind
        var generation: Int
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Waiter {
        var condition: @Sendable (Counters) -> Bool
        var continuation: CheckedContinuation<Void, Never>
    }

    /// What the waits are decided on.
    struct Counters: Sendable {
        var yields = 0
        /// Sleepers of live processes waiting now.
        var parked = 0
        /// Timer tasks about to go to sleep, by process generation.
        var timersStarting: [Int: Int] = [:]
        var pendingTimers: Int { timersStarting.values.reduce(0, +) }
    }

    private let lock = NSLock()
    private var sleepers: [Parked] = []
    private var waiters: [Waiter] = []
    private var counters = Counters()
    private var order = 0
    private var current: Duration = .zero
    private var liveGenerations: Set<Int> = [0]
    private var lastGeneration = 0

    /// With `BOOKINGKIT_SIM_STREAM=1`, every park, wake, yield and wait
    /// is written to standard error as it happens: how a run that stopped
    /// moving got there (the work resumed last that never yielded).
    static let streams = ProcessInfo.processInfo.environment["BOOKINGKIT_SIM_STREAM"] == "1"

    private func stream(_ line: @autoclosure () -> String) {
        guard Self.streams else { return }
        FileHandle.standardError.write(Data(("  scheduler: " + line() + "\n").utf8))
    }

    /// A scheduler at virtual time zero.
    package init() {}

    /// The virtual time since the start.
    package var now: Duration { locked { current } }

    /// When the earliest sleeper of a live process wakes, if any sleeps.
    package var nextWake: Duration? {
        locked { sleepers.filter { liveGenerations.contains($0.generation) }.map(\.wakeAt).min() }
    }

    /// How many sleepers of live processes are waiting.
    package var sleeping: Int { locked { sleepers.filter { liveGenerations.contains($0.generation) }.count } }

    /// Whether the process of `generation` is live (generation 0, the first
    /// process, is live from the start; a dead one never comes back).
    package func isLive(_ generation: Int) -> Bool { locked { liveGenerations.contains(generation) } }

    /// A new live process generation (a second process on the same files).
    package func newGeneration() -> Int {
        locked {
            lastGeneration += 1
            liveGenerations.insert(lastGeneration)
            return lastGeneration
        }
    }

    /// A sleeper for the API client (retries) or the runner (flow timers) of `generation`.
    package func sleeper(_ kind: Kind, generation: Int) -> any BookingAPI.Sleeper {
        VirtualSleeper(scheduler: self, kind: kind, generation: generation)
    }

    // MARK: Signals from the work

    /// The work of `generation` that was resumed has stopped (finished, or
    /// delivered its event and ended). Ignored for a dead process.
    package func yielded(generation: Int) {
        stream("yielded gen \(generation)")
        change(generation: generation) { $0.yields += 1 }
    }

    /// The live process is about to start a timer task (it will go to sleep at once).
    package func timerStarting(generation: Int) {
        stream("timerStarting gen \(generation)")
        change(generation: generation) { $0.timersStarting[generation, default: 0] += 1 }
    }

    /// Parks the caller (a sleeper of `kind` in the process of `generation`)
    /// until the simulation wakes it at virtual `now + duration`; throws
    /// `CancellationError` at once, or when woken, if that process is dead.
    package func park(kind: Kind, generation: Int, for duration: Duration) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            lock.lock()
            guard liveGenerations.contains(generation) else {
                lock.unlock()
                continuation.resume(throwing: CancellationError())
                return
            }
            order += 1
            let wake = current + max(.zero, duration)
            sleepers.append(
                Parked(
                    wakeAt: wake, order: order, kind: kind, generation: generation,
                    continuation: continuation))
            counters.parked += 1
            stream(
                "park \(kind) gen \(generation) for \(duration) yields \(counters.yields) pending \(counters.pendingTimers)"
            )
            switch kind {
            case .retry, .boundary: counters.yields += 1
            case .flowTimer: counters.timersStarting[generation, default: 0] -= 1
            }
            let ready = takeReadyWaiters()
            lock.unlock()
            for waiter in ready { waiter.resume() }
        }
    }

    // MARK: The simulation's side

    /// A ticket to take just before resuming work, for `waitForQuiet(after:)`.
    package func ticket() -> Int { locked { counters.yields } }

    /// Waits until the work resumed after `ticket` yielded once and every
    /// timer it started sleeps.
    package func waitForQuiet(after ticket: Int) async {
        let target = ticket + 1
        stream("waitForQuiet target \(target) now \(locked { counters })")
        await wait { $0.yields >= target && $0.pendingTimers == 0 }
    }

    /// Waits until `count` sleepers are parked (at once if they are): for a
    /// test that drives a runtime without the simulation's yield signals.
    package func waitUntilSleeping(_ count: Int) async {
        await wait { $0.parked >= count }
    }

    /// Waits until every timer the live processes started sleeps (no work was resumed).
    package func waitForTimers() async {
        await wait { $0.pendingTimers == 0 }
    }

    /// Moves virtual time to the earliest sleeper if it wakes at or before
    /// `limit` and wakes it; returns the ticket to wait on, nil when none is due.
    package func wakeNext(notAfter limit: Duration) -> Int? {
        lock.lock()
        let live = sleepers.indices.filter { liveGenerations.contains(sleepers[$0].generation) }
        guard
            let index = live.min(by: {
                (sleepers[$0].wakeAt, sleepers[$0].order) < (sleepers[$1].wakeAt, sleepers[$1].order)
            }),
            sleepers[index].wakeAt <= limit
        else {
            lock.unlock()
            return nil
        }
        let sleeper = sleepers.remove(at: index)
        counters.parked -= 1
        current = max(current, sleeper.wakeAt)
        let ticket = counters.yields
        lock.unlock()
        stream("wake \(sleeper.kind) gen \(sleeper.generation) at \(sleeper.wakeAt) ticket \(ticket)")
        sleeper.continuation.resume()
        return ticket
    }

    /// Moves virtual time forward to `instant` (never back) without waking anyone.
    package func advance(to instant: Duration) {
        locked { current = max(current, instant) }
    }

    /// The process of `generation` died (or exited): its sleepers are woken
    /// with `CancellationError` and anything it starts later is refused.
    /// Returns the generation of the process that replaces it.
    @discardableResult
    package func kill(_ generation: Int) -> Int {
        lock.lock()
        let dead = sleepers.filter { $0.generation == generation }
        sleepers.removeAll { $0.generation == generation }
        counters.parked -= dead.count
        liveGenerations.remove(generation)
        counters.timersStarting[generation] = nil
        lastGeneration += 1
        liveGenerations.insert(lastGeneration)
        let next = lastGeneration
        let ready = takeReadyWaiters()
        lock.unlock()
        for sleeper in dead { sleeper.continuation.resume(throwing: CancellationError()) }
        for waiter in ready { waiter.resume() }
        return next
    }

    // MARK: Plumbing

    private func wait(_ condition: @escaping @Sendable (Counters) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if condition(counters) {
                lock.unlock()
                continuation.resume()
                return
            }
            waiters.append(Waiter(condition: condition, continuation: continuation))
            lock.unlock()
        }
    }

    private func change(generation: Int? = nil, _ body: (inout Counters) -> Void) {
        lock.lock()
        if let generation, !liveGenerations.contains(generation) {
            lock.unlock()
            return
        }
        body(&counters)
        let ready = takeReadyWaiters()
        lock.unlock()
        for waiter in ready { waiter.resume() }
    }

    /// Removes and returns the continuations whose condition now holds (under the lock).
    private func takeReadyWaiters() -> [CheckedContinuation<Void, Never>] {
        var ready: [CheckedContinuation<Void, Never>] = []
        waiters.removeAll { waiter in
            guard waiter.condition(counters) else { return false }
            ready.append(waiter.continuation)
            return true
        }
        return ready
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// A `Sleeper` that parks on the scheduler's virtual clock.
struct VirtualSleeper: BookingAPI.Sleeper {
    let scheduler: VirtualScheduler
    let kind: VirtualScheduler.Kind
    let generation: Int

    func sleep(for duration: Duration) async throws {
        try await scheduler.park(kind: kind, generation: generation, for: duration)
    }
}
