import BookingCore

/// Replays a logged flow through `reduce`, state by state.
public enum Replay {
    /// One replayed step.
    public struct Step: Equatable, Sendable {
        /// The log entry.
        public var entry: EventLog.Entry
        /// The stage `reduce` reached now.
        public var state: String
        /// The effects it asked for now, by name.
        public var effects: [String]
        /// The state after the step, for a screen to draw.
        public var fullState: BookingFlow.State

        /// Whether the replay matches what was logged.
        public var matches: Bool { state == entry.state && effects == entry.effects }
    }

    /// Runs every entry's event through `reduce` from `initial`.
    public static func run(_ entries: [EventLog.Entry], from initial: BookingFlow.State = BookingFlow.initialState)
        -> [Step]
    {
        var state = initial
        var steps: [Step] = []
        for entry in entries {
            let (next, effects) = BookingFlow.reduce(state, entry.event)
            state = next
            steps.append(Step(entry: entry, state: next.stage.name, effects: effects.map(\.logName), fullState: next))
        }
        return steps
    }
}
