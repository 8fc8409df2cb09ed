import BookingCore

extension BookingClient {
    /// The user signed in again: requests are signed with `credential` from
    /// now on, and a flow waiting in "Sign in again" (`signInRequired`: the
    /// server refused the credential, HTTP 401, and nothing was concluded)
    /// resumes by asking the server first: the hold read again, the payment
    /// looked up by its key (sent again with the same key only when the
    /// lookup finds none and this process still has the payment method), the
    /// booking polled. Releases of rooms given up meanwhile are sent again.
    /// Elsewhere it only replaces the credential.
    ///
    /// ```swift
    /// if state.enabledActions.contains(.signIn) {
    ///     let key = try await presentSignIn()
    ///     await client.signedIn(.apiKey(key))
    /// }
    /// ```
    ///
    /// - Returns: the state right after the resume (its answers come later).
    @discardableResult
    public func signedIn(_ credential: Credential) async -> BookingFlow.State {
        signing.replace(with: credential)
        let state = await runtime.flow.send(.signedIn)
        let repository = runtime.repository
        await seams.startBackground { await repository.sendReleases() }
        return state
    }

    /// `signedIn(_:)` with an API key.
    @discardableResult
    package func signedIn(apiKey: String) async -> BookingFlow.State {
        await signedIn(.apiKey(apiKey))
    }
}

// Signing out: the account's data leaves the device, except what money
// still rides on.
extension BookingClient {
    /// Whether someone is signed in: the client has a credential the
    /// server has not refused. False after `signOut()`, and after a request
    /// was refused (HTTP 401) until `signedIn(_:)`.
    public var isSignedIn: Bool { signing.isSignedIn }

    /// Signs the user out and removes the account's data from the device:
    /// its trips, recent searches, cached pages of offers and settled
    /// attempts. Money still in flight is settled first: a room held and
    /// not paid is let go, and every open payment, cancellation or change
    /// of dates is asked about, within `Configuration.launchBound`. What is
    /// still not settled then (the server could not be reached, say) stays
    /// on the device, only the rows its keys are in, until the account's
    /// next sign-in settles it: deleting the key of a payment that may have
    /// run would lose the only way to learn whether it was charged.
    ///
    /// Afterwards requests carry no credential, `isSignedIn` is false, and
    /// links and pushes throw `BookingClientError.signedOut` until
    /// `signedIn(_:)`. Another person signing in gets a client of their own
    /// (`Configuration.account`).
    ///
    /// - Returns: how many rows stay until they settle (0 when everything
    ///   settled).
    /// - Throws: `.closed`; `.dataDirectoryUnusable` (or `.storageFull`)
    ///   when the data cannot be deleted: it is then still on the device.
    @discardableResult
    public func signOut() async throws(BookingClientError) -> Int {
        try checkOpen()
        switch await state.stage {
        case .offerChosen, .requestingHold, .held, .checkingHold, .priceChanged:
            await runtime.flow.send(.backTapped)  // the room is let go: Back sends its release
        default:
            break  // a payment on screen is money: it is settled below, or kept
        }
        _ = await settleOpenWork(within: configuration.launchBound)
        _ = try await forgetTheAccount()
        await runtime.flow.send(.guestEntered(nil))  // the form's guest goes with the account
        signing.replace(with: nil)
        // Again: an answer that landed meanwhile is the account's too.
        return try await forgetTheAccount()
    }

    /// Deletes the account's rows that no money rides on, in the bookings'
    /// file and the cache: how many rows stay.
    private func forgetTheAccount() async throws(BookingClientError) -> Int {
        try await guarded { client in
            let kept = try await client.runtime.repository.forgetSettledRows()
            try client.runtime.cache?.recovering { try $0.forgetSearches() }
            return kept
        }
    }

    /// Throws `.signedOut` unless someone is signed in.
    func checkSignedIn() throws(BookingClientError) {
        try checkOpen()
        if !isSignedIn { throw .signedOut }
    }
}

extension BookingRepository {
    /// `BookingDatabase.forgetSettledRows()`: signing out.
    package func forgetSettledRows() throws -> Int {
        try store.forgetSettledRows()
    }
}
