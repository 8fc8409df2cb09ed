import BookingStore
import Foundation

// The user's actions. Each checks that the current screen offers it
// (enabled), stamps what the flow needs (a new attempt id and idempotency
// key, the runtime's hold-clock reading), sends it, and returns the new state.
extension BookingClient {
    /// Shows `offer`: the screen to hold it from. Offered on the results,
    /// on another offer's screen, and on any final screen (confirmed,
    /// cancelled, failed, expired, not paid), where it starts a new
    /// booking: Back (Done) first, which leaves the settled attempt as it
    /// is, then the offer.
    ///
    /// - Throws: `BookingClientError.actionUnavailable` while a booking is
    ///   under way (a hold or a payment: wait for it, or `back()` where
    ///   offered); `.closed` after `close()`.
    @discardableResult
    public func choose(_ offer: Offer) async throws(BookingClientError) -> BookingFlow.State {
        try checkOpen()
        var state = await runtime.flow.state
        if state.stage.isFinal { state = await runtime.flow.send(.backTapped) }
        switch state.stage {
        case .browsing, .offerChosen:
            return await runtime.flow.send(.offerChosen(offer))
        default:
            throw .actionUnavailable(
                .hold, stage: state.stage.name, reason: "a booking is under way: wait for its outcome, or go back")
        }
    }

    /// Holds `offer` (choosing it first from the results, another offer's
    /// screen or a final screen, as `choose(_:)` does) and
    /// returns once the server has answered: a new attempt with a fresh
    /// idempotency key, saved before the request leaves. Returns when the
    /// room is held, or the hold certainly failed (sold out, a new price, a
    /// requested wait, a failure), or the flow left the hold (`interrupted`).
    /// A lost answer is retried under the same key inside the call (the
    /// API client's retries take about a minute at most). Cancelling the
    /// awaiting task ends the wait, not the request. Once held, the
    /// payment-method switch is read for the held screen (at most two
    /// seconds, unless a read is younger than
    /// `Configuration.paymentMethodsMaxAge`), so that Pay finds it fresh.
    ///
    /// One stay is never paid twice by accident: while a payment for the
    /// same offer is being checked, Hold is not offered (`actionUnavailable`,
    /// with the reason); and when this device has a confirmed booking of the
    /// same stay (the same property and room on the same dates), the hold is
    /// refused with `alreadyBooked` unless `bookingAgain` says the traveller
    /// wants a second room. A stay booked on another device of the account
    /// is the server's to see: the payment asks it to refuse one the account
    /// has booked (`PaymentResult.failed`, `STAY_ALREADY_BOOKED`, nothing
    /// charged), unless this hold was made with `bookingAgain`.
    ///
    /// - Throws: `BookingClientError.actionUnavailable` when the screen does
    ///   not offer Hold for `offer` (another offer on screen, a payment
    ///   under way, offline); `.alreadyBooked` as above: nothing was saved
    ///   or sent.
    @discardableResult
    public func hold(_ offer: Offer, bookingAgain: Bool = false) async throws(BookingClientError) -> HoldResult {
        let started = try await startHold(offer, bookingAgain: bookingAgain)
        return await holdResult(after: started)
    }

    /// Taps Hold for `offer` and returns at once (the simulation's and a
    /// test's tap; the app awaits `hold(_:)`).
    @discardableResult
    package func startHold(_ offer: Offer, bookingAgain: Bool = false) async throws(BookingClientError)
        -> BookingFlow.State
    {
        try checkOpen()
        if case .offerChosen(let shown) = await runtime.flow.state.stage, shown == offer {
            // On screen already.
        } else {
            try await choose(offer)
        }
        let state = await runtime.flow.state
        guard case .offerChosen(let shown) = state.stage, shown == offer else {
            throw .actionUnavailable(.hold, stage: state.stage.name, reason: nil)
        }
        // Asked only where the screen offers Hold: a refusal of the screen's
        // own (offline, a payment for this room being checked) comes first.
        if !bookingAgain, state.enabledActions.contains(.hold), let booked = try await confirmedStay(of: offer) {
            throw .alreadyBooked(booked)
        }
        // A payment for this room another process left being checked (its
        // row is in the shared database; this screen's state cannot show
        // it): its answer comes first, whatever the traveller confirms.
        if state.enabledActions.contains(.hold), try await isBeingPaid(offer) {
            throw .actionUnavailable(.hold, stage: state.stage.name, reason: BookingFlow.State.beingPaidReason)
        }
        let (attempt, key) = newAttempt()
        let held = try await perform(.hold, .holdTapped(attempt: attempt, key: key))
        if bookingAgain {
            // The payment of this attempt may book the stay again, in this
            // process or the next. Not saved (a locked or full disk): its
            // Pay is refused as a second booking, the safe side, and the
            // traveller can hold the room again on purpose.
            do {
                try await runtime.repository.markBookedAgain(attempt)
            } catch {
                logger.warning("cannot save that this stay is booked again on purpose", error: error)
            }
        }
        return held
    }

    /// Pays for the held room with `token` and returns once the payment has
    /// left and the server said how it ended, or it certainly did not leave
    /// (see `PaymentResult`). The attempt's status is saved before the
    /// request leaves; a lost answer is looked up by its key (about two
    /// minutes at most), a processing booking polled (about one), inside
    /// the call. Cancelling the awaiting task ends the wait
    /// (`stillBeingChecked(.waitEnded)`), never the payment.
    ///
    /// Pay works wherever the room may still be paid:
    /// - after a declined card, or a payment the server certainly did not
    ///   take (`notPaid` with `canPayAgain`), the room is kept first ("Try
    ///   another card" / "Pay again": a new attempt and key on the same
    ///   hold, read again), then paid: `retry()` is not needed;
    /// - a hold past its countdown on the runtime's hold clock is read again
    ///   first; when the server still holds it, it is paid (`expired` when
    ///   it ran out: nothing sent).
    ///
    /// With `bankPage`, a payment the bank asks 3-D Secure for presents the
    /// page and returns the booking's outcome once the user is back (see
    /// `BankPage`) instead of `needsBankPage`.
    ///
    /// - Throws: `BookingClientError.actionUnavailable` when Pay is not on
    ///   screen or disabled (nothing held, offline, the countdown ended, a
    ///   declined room that could not be kept): nothing was sent; `.closed`
    ///   after `close()`.
    ///
    /// Before it sends anything, the server's payment-method switch is read
    /// (at most two seconds; unless a read is younger than
    /// `Configuration.paymentMethodsMaxAge`) and a kind
    /// switched off throws `actionUnavailable(.pay, ...)` with the switch's
    /// reason: nothing sent. A payment the server refuses for its kind
    /// (`PAYMENT_METHOD_DISABLED`) is `.failed(.rejected)`, nothing charged,
    /// the room still held, and Pay disabled with that kind.
    ///
    /// With `guest`, the lead guest's details are given first (as
    /// `setGuest(_:)` gives them); without, the details given before are
    /// used. Details that are missing or wrong throw `actionUnavailable(.pay,
    /// ...)` with what is wrong as the reason: nothing saved, nothing sent.
    @discardableResult
    public func pay(with token: PaymentToken, bankPage: BankPage? = nil, guest: GuestDetails? = nil)
        async throws(BookingClientError) -> PaymentResult
    {
        try checkOpen()
        if let guest { await setGuest(guest) }
        if let ended = try await keepTheRoomToPay() { return ended }
        var result = try await payOnce(with: token)
        if case .stillHeld = result {
            // The countdown had ended here and the hold was read again: the
            // server still holds the room, and nothing was sent. Pay it.
            result = try await payOnce(with: token)
        }
        return await seeThrough(result, bankPage: bankPage, afterTheFlowOpens: true)
    }

    /// One tap on Pay, awaited: the switch checked, the payment sent and settled.
    private func payOnce(with token: PaymentToken) async throws(BookingClientError) -> PaymentResult {
        let kind = PaymentMethodKind(token: token)
        await checkPaymentMethod(kind)
        let started = try await startPayment(with: token)
        let result = await paymentResult(of: started.stage.attemptID)
        if case .failed(.rejected(code: BookingFlow.paymentMethodOffCode)) = result {
            await paymentRefusedBySwitch(kind)
        }
        return result
    }

    /// Taps Pay and returns at once (the simulation's and a test's tap; the
    /// app awaits `pay(with:)`).
    @discardableResult
    package func startPayment(with token: PaymentToken) async throws(BookingClientError) -> BookingFlow.State {
        // Another process on this data directory may have paid this room
        // (the same offer) since this one was held: never twice by accident.
        let state = await runtime.flow.state
        if case .held(let held) = state.stage, state.enabledActions.contains(.pay),
            try await guarded({ client in
                try await client.runtime.repository.otherPayment(of: held.attempt.offerID, besides: held.attempt.id)
            }) != nil
        {
            throw .actionUnavailable(.pay, stage: state.stage.name, reason: BookingFlow.State.paidElsewhereReason)
        }
        backgroundHolds.paymentStarts(after: await runtime.flow.numbered.revision)
        do {
            return try await perform(.pay, .payTapped(token, now: runtime.holdNow()))
        } catch {
            // Nothing left: what the flow shows decides whether to keep it.
            let now = await runtime.flow.numbered
            backgroundHolds.record(now.state, revision: now.revision + 1)
            throw error
        }
    }

    /// Accepts the new price after `HoldResult.priceChanged` and returns how
    /// the new hold ended: a new hold at the new quote (new attempt and key).
    ///
    /// - Throws: `BookingClientError.actionUnavailable` when no new price is on screen.
    @discardableResult
    public func acceptNewPrice() async throws(BookingClientError) -> HoldResult {
        let started = try await startAcceptingNewPrice()
        return await holdResult(after: started)
    }

    /// Taps "Accept new price" and returns at once (the simulation's tap).
    @discardableResult
    package func startAcceptingNewPrice() async throws(BookingClientError) -> BookingFlow.State {
        let (attempt, key) = newAttempt()
        return try await perform(.acceptNewPrice, .acceptNewPriceTapped(attempt: attempt, key: key))
    }

    /// Tries again after a failure, a decline, "not paid" or an expiry, and
    /// returns how the hold ended: a new attempt and key, on the same live
    /// hold after a decline or a closed key ("Try another card", "Pay
    /// again": `held` again, then `pay(with:)`), on a new hold otherwise.
    ///
    /// - Throws: `BookingClientError.actionUnavailable` when Retry is not
    ///   on screen or disabled (offline, a requested wait still running).
    @discardableResult
    public func retry() async throws(BookingClientError) -> HoldResult {
        let started = try await startRetry()
        return await holdResult(after: started)
    }

    /// Taps Retry and returns at once (the simulation's tap).
    @discardableResult
    package func startRetry() async throws(BookingClientError) -> BookingFlow.State {
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
    ///
    /// Back after `Configuration.foregroundRefreshAfter` or longer away,
    /// the trips and the newest saved search's first page are read again
    /// behind it (`tripUpdates()` shows a changed trip; `offers(...)` then
    /// returns the fresh page).
    @discardableResult
    public func returnedToApp() async -> BookingFlow.State {
        await refreshAfterAGap()
        // Where the system cannot tell of other processes' writes, the
        // trips are read again now (and looked at while anything is open).
        BookingChanges.ring(directory: directory)
        return await runtime.flow.send(.appForegrounded)
    }

    /// The device lost (`false`) or regained (`true`) its network. On Apple
    /// platforms the client watches the network path itself from `launch()`
    /// on (`NWPathMonitor`); call this when the app knows better (a VPN, a
    /// captive portal): the latest word, the app's or the path's, is the
    /// flow's. On Linux nothing else tells the flow.
    @discardableResult
    public func networkChanged(isOnline: Bool) async -> BookingFlow.State {
        await runtime.flow.send(isOnline ? .cameOnline : .wentOffline)
    }

    private func perform(_ action: BookingFlow.Action, _ event: BookingFlow.Event) async throws(BookingClientError)
        -> BookingFlow.State
    {
        try checkOpen()
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

extension BookingClient {
    /// The confirmed booking of `offer`'s stay on this device, if any.
    package func confirmedStay(of offer: Offer) async throws(BookingClientError) -> BookingID? {
        try await guarded { try await $0.runtime.repository.confirmedStay(of: offer) }
    }

    /// Whether an attempt for `offer` whose payment may have left is still
    /// open in the data directory (this process's or another's).
    func isBeingPaid(_ offer: Offer) async throws(BookingClientError) -> Bool {
        try await guarded { client in
            try await client.runtime.repository.nonFinalAttempts().contains { attempt in
                attempt.offerID == offer.id
                    && [.paymentSubmitted, .actionRequired, .processing].contains(attempt.phase)
            }
        }
    }
}
