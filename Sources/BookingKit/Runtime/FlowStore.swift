import BookingCore
import BookingPrimitives
import Foundation

/// Owns the booking flow's state: takes events one at a time in arrival
/// order, runs `reduce`, publishes the new state, and hands the effects to
/// the runner, whose results come back here as events.
///
/// Many readers can follow the states at once (`states()`); each gets the
/// current state first, then every change.
package actor FlowStore {
    /// One event the store took: the state before and after it, and the
    /// effects it asked for (in order; maybe none).
    package struct Step: Sendable {
        /// The state before the event.
        package var before: BookingFlow.State
        /// The event.
        package var event: BookingFlow.Event
        /// The state the event led to (the store's state once it returns).
        package var after: BookingFlow.State
        /// The effects of the transition.
        package var effects: [BookingFlow.Effect]
    }

    /// Takes every step instead of the store starting its effects: called
    /// inside `send`, in order, before it returns. Whoever installs one runs
    /// the effects (`EffectRunner.run`) and sends their events back, on a
    /// schedule of its own: the simulation, on its virtual scheduler.
    package typealias StepHandler = @Sendable (Step) -> Void

    /// The current state.
    package private(set) var state: BookingFlow.State
    /// How many times the state changed: the number of the current state,
    /// so a reader can tell an older state from a newer one.
    package private(set) var revision = 0
    private let runner: EffectRunner
    private let log: EventLog?
    /// Where an event the flow drops is logged (debug level).
    private let logger: Logger
    private var readers: [Int: AsyncStream<BookingFlow.State>.Continuation] = [:]
    private var numberedReaders: [Int: AsyncStream<Numbered>.Continuation] = [:]
    /// The id of the latest reader of `states()`.
    private var nextReader = 0
    /// Set once, before the first event, by `handSteps(to:)`; nil in an app.
    private let stepHandler = Locked<StepHandler?>(nil)

    /// Creates a store at `initial`.
    ///
    /// - Parameter log: where every event is appended with its time (payment
    ///   tokens redacted); nil to keep none.
    package init(
        initial: BookingFlow.State = BookingFlow.initialState, runner: EffectRunner, log: EventLog? = nil,
        logHandler: any LogHandler = SilentLogHandler()
    ) {
        state = initial
        self.runner = runner
        self.log = log
        logger = Logger(handler: logHandler, source: "flow")
    }

    /// From now on every step goes to `handler`, which starts the effects;
    /// the store starts none itself. For the simulation only.
    package nonisolated func handSteps(to handler: @escaping StepHandler) {
        stepHandler.withLock { $0 = handler }
    }

    /// Takes one event: logs it, reduces, publishes, and starts its effects
    /// (in order, in a task of the app's scope). Returns the new state.
    @discardableResult
    package func send(_ event: BookingFlow.Event) -> BookingFlow.State {
        let before = state
        let (next, effects) = BookingFlow.reduce(before, event)
        log?.append(event, state: next, effects: effects)
        if next == before && effects.isEmpty {
            logger.log(.debug, "the flow dropped an event", ["stage": before.stage.name, "event": event.name])
        }
        state = next
        if next != before {
            revision += 1
            for reader in readers.values { reader.yield(next) }
            for reader in numberedReaders.values { reader.yield(Numbered(revision: revision, state: next)) }
        }
        if let handler = stepHandler.withLock({ $0 }) {
            handler(Step(before: before, event: event, after: next, effects: effects))
        } else if !effects.isEmpty {
            // App scope: not a child of the caller's task, never cancelled
            // with a screen; it ends when its effects have run.
            let runner = self.runner
            Task { await runner.run(effects) { [weak self] event in await self?.send(event) } }
        }
        return next
    }

    /// The states from now on: the current one first, then each change.
    /// Any number of readers may follow at once.
    package func states() -> AsyncStream<BookingFlow.State> {
        nextReader += 1
        let id = nextReader
        let (stream, continuation) = AsyncStream<BookingFlow.State>.makeStream(bufferingPolicy: .bufferingNewest(64))
        continuation.yield(state)
        readers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeReader(id) }
        }
        return stream
    }

    /// A state with its number (`revision` when it was published).
    package struct Numbered: Sendable {
        /// The state's number: a later state has a larger one.
        package var revision: Int
        /// The state.
        package var state: BookingFlow.State
    }

    /// The current state with its number.
    package var numbered: Numbered { Numbered(revision: revision, state: state) }

    /// `states()` with each state's number: for a reader that also reads
    /// `numbered` and must never go back to an older state (`BookingModel`).
    package func numberedStates() -> AsyncStream<Numbered> {
        nextReader += 1
        let id = nextReader
        let (stream, continuation) = AsyncStream<Numbered>.makeStream(bufferingPolicy: .bufferingNewest(64))
        continuation.yield(numbered)
        numberedReaders[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeReader(id) }
        }
        return stream
    }

    private func removeReader(_ id: Int) {
        readers[id] = nil
        numberedReaders[id] = nil
    }
}
