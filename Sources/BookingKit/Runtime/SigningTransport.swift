import BookingAPI
import BookingPrimitives

/// Signs each request with the client's current credential, set at
/// creation and replaced by `BookingClient.signedIn(_:)` when the user
/// signs in again: the request after the swap carries the new one.
final class SigningTransport: Transport, Sendable {
    private let base: any Transport
    private let credential: Locked<BookingClient.Credential>
    private let logger: Logger

    init(base: any Transport, credential: BookingClient.Credential, logger: Logger) {
        self.base = base
        self.credential = Locked(credential)
        self.logger = logger
    }

    /// Signs the requests from now on with `credential`.
    func replace(with credential: BookingClient.Credential) {
        self.credential.withLock { $0 = credential }
    }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        switch credential.withLock({ $0 }) {
        case .apiKey(let key):
            var request = request
            request.headers["Authorization"] = "Bearer \(key)"
            return try await base.send(request)
        case .tokenProvider(let token):
            return try await TokenTransport(base: base, token: token, logger: logger).send(request)
        }
    }
}
