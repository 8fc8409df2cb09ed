import BookingCore

/// One run of a `FlowMachine` to rest, the shape every short-lived flow of
/// a trip's change shares (a cancellation, a change of dates): reduce the
/// first event, then perform each effect in order and feed the event it
/// ends with back to `reduce`, until no effect is left. Every step goes to
/// the run's event log when it keeps one, so the run replays
/// (`booking replay`). The machine decides; `perform` only does what an
/// effect says and reports how it ended.
enum MachineRun<Machine: FlowMachine> {
    /// Runs from `state` with `first` and returns the state the run ends in.
    /// `perform` gets each effect and the event before it (a save that
    /// follows the server's answer passes the crash boundary after a save).
    /// It runs in the caller's isolation, so `perform` may change the
    /// caller's local state.
    static func run(
        isolation: isolated (any Actor)? = #isolation,
        from state: Machine.State, _ first: Machine.Event, log: FlowEventLog<Machine>?,
        perform: (_ effect: Machine.Effect, _ after: Machine.Event) async throws -> Machine.Event
    ) async rethrows -> Machine.State {
        var (state, effects) = Machine.reduce(state, first)
        log?.append(first, state: state, effects: effects)
        var lastEvent = first
        while !effects.isEmpty {
            let event = try await perform(effects.removeFirst(), lastEvent)
            lastEvent = event
            let step = Machine.reduce(state, event)
            log?.append(event, state: step.state, effects: step.effects)
            state = step.state
            effects += step.effects
        }
        return state
    }
}
