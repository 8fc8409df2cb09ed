import Foundation

// The user's actions. Each checks that the current screen offers it
// (enabled), stamps what the flow needs (a new attempt id and idempotency
// key, the runtime's hold-clock reading), sends it, and returns the new state.
extension BookingClient {
    /// Shows `offer`: the screen to hold it from. Offered on the results.
    @discardableResult
    public func choose(_ offer: Offer) async throws(BookingClientError) -> BookingFlow.State {
        let state = await runtime.flow.state
        guard case .browsing = state.stage else {
            throw .actionUnavailable(.hold, stage: state.stage.name, reason: nil)
        }
        return await runtime.flow.send(.offerChosen(offer))
    }

    /// Holds `offer` (choosing it first when the results are on screen): a
    /// new attempt with a fresh idempotency key, saved before the request
    /// leaves. Returns at once; `outcome(timeout:)` waits for the hold.
    @discardableResult
    public func hold(_ offer: Offer) async throws(BookingClientError) -> BookingFlow.State {
        if case .browsing = await runtime.flow.state.stage {
            try await choose(offer)
        }
        let state = await runtime.flow.state
        guard case .offerChosen(let shown) = state.stage, shown == offer else {
            throw .actionUnavailable(.hold, stage: state.stage.name, reason: nil)
        }
        let (attempt, key) = newAttempt()
        return try await perform(.hold, .holdTapped(attempt: attempt, key: key))
    }

    /// Pays for the held room with `token`, at the runtime's hold-clock
    /// reading: a hold past its countdown is checked with the server first.
    @discardableResult
    public func pay(with token: PaymentToken) async throws(BookingClientError) -> BookingFlow.State {
        try await perform(.pay, .payTapped(token, now: runtime.holdNow()))
    }

    /// Accepts the new price: a new hold at the new quote (new attempt and key).
    @discardableResult
    public func acceptNewPrice() async throws(BookingClientError) -> BookingFlow.State {
        let (attempt, key) = newAttempt()
        return try await perform(.acceptNewPrice, .acceptNewPriceTapped(attempt: attempt, key: key))
    }

    /// Tries again after a failure or an expiry: a new attempt and key.
    @discardableResult
    public func retry() async throws(BookingClientError) -> BookingFlow.State {
        let (attempt, key) = newAttempt()
        return try await perform(.retry, .retryTapped(attempt: attempt, key: key))
    }

    /// Asks the server again: the hold, the payment's lookup, or the
    /// booking's status, whichever the screen is checking.
    @discardableResult
    public func checkAgain() async throws(BookingClientError) -> BookingFlow.State {
        try await perform(.checkAgain, .checkAgainTapped)
    }

    /// Opens the bank's 3-D Secure page again (`state.navigation` names it).
    @discardableResult
    public func openChallenge() async throws(BookingClientError) -> BookingFlow.State {
        try await perform(.openChallenge, .openChallengeTapped)
    }

    /// Back, or Done on a final screen.
    @discardableResult
    public func back() async throws(BookingClientError) -> BookingFlow.State {
        try await perform(.back, .backTapped)
    }

    /// The user is back from the bank's page (or the app came back to the
    /// foreground): the flow asks the server for the booking, whose answer
    /// is the truth whatever the page said. Always accepted.
    @discardableResult
    public func returnedToApp() async -> BookingFlow.State {
        await runtime.flow.send(.appForegrounded)
    }

    /// The device lost (`false`) or regained (`true`) its network.
    @discardableResult
    public func networkChanged(isOnline: Bool) async -> BookingFlow.State {
        await runtime.flow.send(isOnline ? .cameOnline : .wentOffline)
    }

    private func perform(_ action: BookingFlow.Action, _ event: BookingFlow.Event) async throws(BookingClientError)
        -> BookingFlow.State
    {
        let state = await runtime.flow.state
        guard let row = state.actions.first(where: { $0.action == action }) else {
            throw .actionUnavailable(action, stage: state.stage.name, reason: nil)
        }
        guard row.isEnabled else {
            throw .actionUnavailable(action, stage: state.stage.name, reason: row.disabledReason)
        }
        return await runtime.flow.send(event)
    }

    /// A new attempt id and idempotency key, from the client's source of ids.
    func newAttempt() -> (AttemptID, IdempotencyKey) {
        (AttemptID(dependencies.newID()), IdempotencyKey(dependencies.newID()))
    }
}
