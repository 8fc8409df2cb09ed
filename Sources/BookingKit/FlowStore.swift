import BookingCore
import Foundation

/// Owns the booking flow's state: takes events one at a time in arrival
/// order, runs `reduce`, publishes the new state, and hands the effects to
/// the runner, whose results come back here as events.
///
/// Many readers can follow the states at once (`states()`); each gets the
/// current state first, then every change.
package actor FlowStore {
    /// The current state.
    public private(set) var state: BookingFlow.State
    private let runner: EffectRunner
    private let log: EventLog?
    private var readers: [UUID: AsyncStream<BookingFlow.State>.Continuation] = [:]

    /// Creates a store at `initial`.
    ///
    /// - Parameter log: where every event is appended with its time (payment
    ///   tokens redacted); nil to keep none.
    public init(initial: BookingFlow.State = BookingFlow.initialState, runner: EffectRunner, log: EventLog? = nil) {
        state = initial
        self.runner = runner
        self.log = log
    }

    /// Takes one event: logs it, reduces, publishes, and starts its effects
    /// (in order, in a task of the app's scope). Returns the new state.
    @discardableResult
    public func send(_ event: BookingFlow.Event) -> BookingFlow.State {
        let (next, effects) = BookingFlow.reduce(state, event)
        log?.append(event, state: next, effects: effects)
        let changed = next != state
        state = next
        if changed {
            for reader in readers.values { reader.yield(next) }
        }
        if !effects.isEmpty {
            // App scope: not a child of the caller's task, never cancelled
            // with a screen; it ends when its effects have run.
            let runner = self.runner
            Task { await runner.run(effects) { [weak self] event in await self?.send(event) } }
        }
        return next
    }

    /// The states from now on: the current one first, then each change.
    /// Any number of readers may follow at once.
    public func states() -> AsyncStream<BookingFlow.State> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<BookingFlow.State>.makeStream(bufferingPolicy: .bufferingNewest(64))
        continuation.yield(state)
        readers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeReader(id) }
        }
        return stream
    }

    private func removeReader(_ id: UUID) {
        readers[id] = nil
    }
}
