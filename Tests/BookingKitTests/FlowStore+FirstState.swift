import BookingCore
import BookingKit

extension FlowStore {
    /// The first state, the current one included, that satisfies
    /// `condition`, read from the store's own stream of states: the wait
    /// ends on the change itself, never on the clock. Nil if the waiting
    /// task was cancelled first (a test that never reaches its state is
    /// ended by the suite's time limit and fails).
    func firstState(where condition: @escaping @Sendable (BookingFlow.State) -> Bool) async -> BookingFlow.State? {
        for await state in states() where condition(state) { return state }
        return nil
    }
}
