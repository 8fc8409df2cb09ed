import BookingAPI
import BookingCore

// A hold belongs to the account: rooms held on another device, shown here,
// paid here once, or let go.
extension BookingClient {
    /// The rooms the account holds from other devices: the server's live
    /// holds (`GET /v1/holds`), less every hold this device held, paid or
    /// let go itself. Each comes with its time left
    /// (``secondsLeft(on:)``). `launch()` reads it too
    /// (``LaunchReport/heldElsewhere``); call it again when the app returns
    /// to the foreground (``BookingModel/sceneBecameActive()`` does). A
    /// hold of an offer this device asked for and never heard back about is
    /// left out: it may be this device's own.
    ///
    /// - Throws: `BookingClientError.serverUnreachable` offline (nothing is
    ///   concluded: a room may still be held elsewhere);
    ///   `.refused`/`.serverFailed` for the server's errors, and for a list
    ///   that breaks the contract (over 20 holds, one twice, one not live);
    ///   `.apiKeyRefused`; `.dataDirectoryUnusable` when the saved attempts
    ///   cannot be read; `.closed` after `close()`.
    public func holdsElsewhere() async throws(BookingClientError) -> [HeldElsewhere] {
        try checkOpen()
        do {
            let (holds, sentAt) = try await runtime.repository.holdsElsewhere()
            return holds.map { HeldElsewhere($0, sentAt: sentAt) }
        } catch let error as APIError {
            throw BookingClientError(api: error)
        } catch {
            throw BookingClientError(error, directory: directory)
        }
    }

    /// Seconds left on `held`, by this device's hold clock, rounded up (0
    /// only once it has ended).
    public func secondsLeft(on held: HeldElsewhere) -> Int {
        held.countdown.secondsLeft(at: runtime.holdNow())
    }

    /// Pays `held` here: a new attempt of this device (its own id and
    /// idempotency key, saved on the hold before anything is sent), then
    /// the hold read again for its time left; the call returns once the
    /// server answered. `.held` is then paid with `pay(with:)` like any
    /// room. A room this flow held is given up for it, as a new hold would
    /// be. Two devices paying one hold at once charge once: the server
    /// books a hold once, and the other payment is refused
    /// (`HOLD_ALREADY_BOOKED`, nothing charged).
    ///
    /// Returns `.expired` when the hold ended meanwhile (or is not this
    /// account's: the server did not find it), `.failed(.bookedElsewhere)`
    /// when another device paid it first (the booking is in trips).
    ///
    /// - Throws: `BookingClientError.actionUnavailable` while a hold or a
    ///   payment is under way in this flow, offline, or while a payment for
    ///   the same offer is being checked: nothing was saved or sent;
    ///   `.closed` after `close()`.
    @discardableResult
    public func takeOver(_ held: HeldElsewhere) async throws(BookingClientError) -> HoldResult {
        try checkOpen()
        let (attempt, key) = newAttempt()
        let event = BookingFlow.Event.takeOverTapped(
            BookingFlow.Attempt(id: attempt, key: key, offerID: held.offerID, quoteID: held.quoteID),
            hold: held.holdID)
        let before = await runtime.flow.state
        let started = await runtime.flow.send(event)
        guard started.stage.attemptID == attempt else {
            throw .actionUnavailable(
                .hold, stage: before.stage.name,
                reason: before.isOnline
                    ? "a hold or a payment is under way: wait for its outcome, or go back" : "You are offline.")
        }
        return await holdResult(after: started)
    }

    /// Lets `held` go: the room is released on the server for every device
    /// of the account (the other device's countdown ends at its next read).
    /// Saved on this device first (an attempt of its own, abandoned, and
    /// the release), then sent; a release not answered now is sent again
    /// by the next hold, reconciliation or launch. Nothing is charged.
    ///
    /// - Throws: `BookingClientError.dataDirectoryUnusable` or
    ///   `.storageFull` when it cannot be saved (nothing was sent);
    ///   `.closed` after `close()`.
    public func letGo(_ held: HeldElsewhere) async throws(BookingClientError) {
        try checkOpen()
        do {
            _ = try await runtime.repository.letGo(
                held.holdID, offer: held.offerID, quote: held.quoteID, attempt: newAttempt())
        } catch {
            throw BookingClientError(error, directory: directory)
        }
    }
}
