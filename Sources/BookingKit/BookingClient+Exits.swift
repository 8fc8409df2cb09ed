import BookingCore

extension BookingClient {
    /// "Use another card" while the bank's 3-D Secure page is pending: the
    /// pending booking is ended on the server (nothing charged; a bank
    /// answer after it is refused), then the same room is paid under a new
    /// attempt and key once the user gives another payment method (`pay`).
    /// Back, instead, leaves the booking and gives the room up. Returns at
    /// once; the state moves on when the server answers.
    ///
    /// - Throws: `BookingClientError.actionUnavailable` unless the screen
    ///   offers it enabled; `.closed` after `close()`.
    @discardableResult
    public func useAnotherCard() async throws(BookingClientError) -> BookingFlow.State {
        try checkOpen()
        let state = await runtime.flow.state
        guard let row = state.actions.first(where: { $0.action == .useAnotherCard }) else {
            throw .actionUnavailable(.useAnotherCard, stage: state.stage.name, reason: nil)
        }
        guard row.isEnabled else {
            throw .actionUnavailable(.useAnotherCard, stage: state.stage.name, reason: row.disabledReason)
        }
        let (attempt, key) = newAttempt()
        return await runtime.flow.send(.useAnotherCardTapped(attempt: attempt, key: key))
    }
}
