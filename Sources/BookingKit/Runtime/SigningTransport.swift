import BookingAPI
import BookingPrimitives

/// Signs each request with the client's current credential, set at
/// creation, replaced by `BookingClient.signedIn(_:)` when the user signs
/// in again and removed by `BookingClient.signOut()`: the request after the
/// swap carries the new one, or none. It notes a refusal (HTTP 401) until
/// the next credential, which is what `BookingClient.isSignedIn` reads.
final class SigningTransport: Transport, Sendable {
    private struct Signing {
        var credential: BookingClient.Credential?
        var refused = false
        /// Which credential this is: a refusal of an earlier one's request,
        /// answered after the swap, says nothing of this one.
        var generation = 0
    }

    private let base: any Transport
    private let signing: Locked<Signing>
    private let logger: Logger

    init(base: any Transport, credential: BookingClient.Credential?, logger: Logger) {
        self.base = base
        self.signing = Locked(Signing(credential: credential))
        self.logger = logger
    }

    /// Signs the requests from now on with `credential`; nil: with none
    /// (signed out: the server refuses them, and nothing is concluded).
    func replace(with credential: BookingClient.Credential?) {
        signing.withLock { $0 = Signing(credential: credential, generation: $0.generation + 1) }
    }

    /// Whether there is a credential the server has not refused.
    var isSignedIn: Bool {
        signing.withLock { $0.credential != nil && !$0.refused }
    }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        let response: TransportResponse
        let (credential, generation) = signing.withLock { ($0.credential, $0.generation) }
        switch credential {
        case .apiKey(let key)?:
            var request = request
            request.headers["Authorization"] = "Bearer \(key)"
            response = try await base.send(request)
        case .tokenProvider(let token)?:
            response = try await TokenTransport(base: base, token: token, logger: logger).send(request)
        case nil:
            var request = request
            request.headers["Authorization"] = nil
            response = try await base.send(request)
        }
        if response.status == 401 {
            signing.withLock { if $0.generation == generation { $0.refused = true } }
        }
        return response
    }
}
