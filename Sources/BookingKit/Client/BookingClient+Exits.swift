import BookingCore

extension BookingClient {
    /// "Use another card" while the bank's 3-D Secure page is pending: the
    /// pending booking is ended on the server (nothing charged; a bank
    /// answer after it is refused), then the same room is paid under a new
    /// attempt and key once the user gives another payment method (`pay`).
    /// Back, instead, leaves the booking and gives the room up. Returns once
    /// the server has answered, as `hold(_:)` and `pay(with:)` do: the same
    /// room held under the new attempt, for `pay(with:)` with another
    /// method; or the bank's page again when the booking could not be ended
    /// (the server unreachable: "Use another card" is offered again) or the
    /// bank passed it first (the booking's outcome). Cancelling the awaiting
    /// task ends the wait, not the request.
    ///
    /// - Throws: `BookingClientError.actionUnavailable` unless the screen
    ///   offers it enabled; `.closed` after `close()`.
    @discardableResult
    public func useAnotherCard() async throws(BookingClientError) -> BookingFlow.State {
        let leaving = try await startUsingAnotherCard()
        guard !leaving.isAtRest else { return leaving }
        return await settle { $0.isAtRest }
    }

    /// Taps "Use another card" and returns at once (the simulation's tap,
    /// which runs the flow's effects itself; the app awaits `useAnotherCard()`).
    @discardableResult
    package func startUsingAnotherCard() async throws(BookingClientError) -> BookingFlow.State {
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
