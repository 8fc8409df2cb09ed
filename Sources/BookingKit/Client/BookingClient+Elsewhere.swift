// Other processes on the same data directory, and links back into the app.
extension BookingClient {
    /// What another process on this data directory did to the flow's
    /// attempt, when the saved attempt has moved past what the flow knows: a
    /// newer hold replaced it, or the room was paid elsewhere. Nil when the
    /// flow knows the latest (the usual case) or nothing is attempted.
    ///
    /// Read it before announcing an outcome: a screen that says "Pay before
    /// the countdown ends" for a room paid from another window would lead to
    /// a second booking. Reads the database only, no network.
    public func changedElsewhere() async -> ChangedElsewhere? {
        let stage = await state.stage
        guard let id = stage.attemptID else { return nil }
        do {
            guard let saved = try await runtime.repository.attempt(id) else { return nil }
            return ChangedElsewhere.compare(stage, saved: saved)
        } catch {
            logger.warning("cannot read the saved attempt", error: error)
            return nil
        }
    }

    /// The bank's page sent the user back for booking `id` (the return link
    /// of `Configuration.challengeReturnURL`): when the payment waiting here
    /// is that booking's, the flow comes back from the database if needed
    /// and asks the server how it ended (the link is only a hint: the
    /// server's answer is the truth). Wait with `waitUntilAtRest(timeout:)`.
    /// An app reaches it through `open(_:)` with the return link, which
    /// checks the link first.
    ///
    /// - Throws: `BookingClientError.noPaymentWaiting` when no payment on
    ///   this device waits for booking `id` (a stale or forged link):
    ///   nothing is restored, changed or sent; `.dataDirectoryUnusable` when
    ///   the saved attempts cannot be read; `.closed` after `close()`.
    @discardableResult
    package func returnedFromBank(for id: BookingID) async throws(BookingClientError) -> BookingFlow.State {
        try checkOpen()
        let waiting: SavedAttempt?
        do {
            waiting = try await runtime.repository.nonFinalAttempts().last
        } catch {
            throw .dataDirectoryUnusable(path: self.directory, reason: "\(error)")
        }
        guard let waiting, waiting.bookingID == id, [.actionRequired, .processing].contains(waiting.phase) else {
            throw .noPaymentWaiting(id)
        }
        if await state.stage.attemptID != waiting.attemptID {
            do {
                try await restore()
            } catch {
                throw .dataDirectoryUnusable(path: self.directory, reason: "\(error)")
            }
        }
        return await runtime.flow.send(.challengeReturned(waiting.attemptID))
    }
}
