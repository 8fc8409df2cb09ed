import BookingAPI

// A refused credential is an answer about the app's sign-in, never about
// the attempt: every effect reports it as `credentialRefused`, so the flow
// shows "Sign in again" and concludes nothing.
extension EffectRunner {
    /// Whether `error` is the server's refusal of the credential (HTTP 401).
    static func refusesCredential(_ error: any Error) -> Bool {
        if case .final(.rejected(status: 401, _), _)? = error as? APIError { return true }
        return false
    }
}
