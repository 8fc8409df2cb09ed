import BookingCore

// The coupon step on a held room.
extension BookingClient {
    /// Applies coupon `code` to the held room and returns once the server
    /// answered: the room re-quoted at the discounted price
    /// (`Held.coupon == .applied`, `hold.price` the new price, which Pay
    /// then charges once), or the named refusal (`.refused(code, reason)`:
    /// unknown, expired, not for this room, already used, another code
    /// applied already; the price unchanged). Nothing moves money and
    /// nothing is saved before it is sent; Pay waits while the code is out.
    /// A hold that ended meanwhile is read again (the state says so).
    ///
    /// ```swift
    /// let state = try await client.applyCoupon("WELCOME10")
    /// if case .held(let held) = state.stage, case .applied = held.coupon { showPrice(held.hold.price) }
    /// ```
    ///
    /// - Throws: `BookingClientError.actionUnavailable(.applyCoupon, ...)`
    ///   when no room is held, a code is being applied or is applied
    ///   already, or the device is offline: nothing was sent;
    ///   `.refused(status: 400, code: "VALIDATION_ERROR", ...)` for a code
    ///   that is not 1 to 32 letters and digits (nothing sent); `.timedOut`
    ///   when the answer takes longer than `timeout` (the flow goes on);
    ///   `.closed` after `close()`.
    @discardableResult
    public func applyCoupon(_ code: String, timeout: Duration = .seconds(90)) async throws(BookingClientError)
        -> BookingFlow.State
    {
        let sent = try await startApplyingCoupon(code)
        guard case .held(let now) = sent.stage, now.coupon.isApplying else { return sent }
        return try await wait(timeout: timeout) { state in
            guard case .held(let held) = state.stage else { return true }
            return !held.coupon.isApplying
        }
    }

    /// Sends coupon `code` for the held room and returns at once (the
    /// simulation's tap; the app awaits `applyCoupon(_:timeout:)`), after
    /// the same checks.
    @discardableResult
    package func startApplyingCoupon(_ code: String) async throws(BookingClientError) -> BookingFlow.State {
        try checkOpen()
        let isCode = code.utf8.allSatisfy {
            (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0)
        }
        guard (1...32).contains(code.utf8.count), isCode else {
            throw .refused(
                status: 400, code: "VALIDATION_ERROR", message: "A coupon code is 1 to 32 letters and digits.")
        }
        let state = await runtime.flow.state
        guard case .held(let held) = state.stage else {
            throw .actionUnavailable(.applyCoupon, stage: state.stage.name, reason: "no room is held")
        }
        switch held.coupon {
        case .applying:
            throw .actionUnavailable(.applyCoupon, stage: state.stage.name, reason: "a coupon code is being applied")
        case .applied(let applied):
            throw .actionUnavailable(
                .applyCoupon, stage: state.stage.name, reason: "the code \(applied) is applied already")
        case .idle, .refused:
            break
        }
        guard state.isOnline else {
            throw .actionUnavailable(.applyCoupon, stage: state.stage.name, reason: "you are offline")
        }
        return await runtime.flow.send(.couponEntered(code: code.uppercased()))
    }
}
