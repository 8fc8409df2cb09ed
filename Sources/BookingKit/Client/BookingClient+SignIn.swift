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
