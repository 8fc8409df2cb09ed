import BookingCore
import Testing

/// Runs the booking flow one event at a time and checks, exhaustively,
/// every state it goes through and every effect it asks for: a test says
/// how each event changes the state (`update`, applied to a copy of the
/// state before) and lists the effects; anything else, a field changed
/// that the test did not mention or an effect it did not list, fails.
/// Time is virtual: instants come in with the events.
///
/// ```swift
/// let flow = FlowTester(held)
/// flow.send(.holdTimerFired(a1, now: t(600)), effects: [.readHold(a1, holdID)]) {
///     $0.stage = .checkingHold(...)
/// }
/// ```
package final class FlowTester {
    /// The state after the last event.
    package private(set) var state: BookingFlow.State
    /// Every event sent so far, in order.
    package private(set) var events: [BookingFlow.Event] = []

    /// A tester starting from `state`.
    package init(_ state: BookingFlow.State = BookingFlow.initialState) {
        self.state = state
    }

    /// Sends `event`; expects the state `update` makes of the one before,
    /// and exactly `effects`, in order. Returns whether both matched.
    @discardableResult
    package func send(
        _ event: BookingFlow.Event, effects expectedEffects: [BookingFlow.Effect] = [],
        sourceLocation: SourceLocation = #_sourceLocation, _ update: (inout BookingFlow.State) -> Void = { _ in }
    ) -> Bool {
        var expected = state
        update(&expected)
        let (next, effects) = BookingFlow.reduce(state, event)
        events.append(event)
        let stateMatched = next == expected
        let effectsMatched = effects == expectedEffects
        if !stateMatched {
            Issue.record(
                "after \(event.name): the state is\n  \(next)\nbut the test expected\n  \(expected)",
                sourceLocation: sourceLocation)
        }
        if !effectsMatched {
            Issue.record(
                "after \(event.name): the effects are \(effects) but the test expected \(expectedEffects)",
                sourceLocation: sourceLocation)
        }
        state = next
        return stateMatched && effectsMatched
    }
}
