/// Why no HTTP answer came, split by the one thing that matters for money:
/// could the request have reached the server?
public enum NetworkFailure: Hashable, Sendable {
    /// The device is offline: nothing was sent.
    case notConnected
    /// The name did not resolve: nothing was sent.
    case dnsFailure
    /// The connection was refused or could not be made: nothing was sent.
    case cannotConnect
    /// The TLS handshake failed: nothing was sent.
    case tlsFailure
    /// No answer in time: the request may have arrived.
    case timedOut
    /// The connection dropped mid-exchange: the request may have arrived.
    case connectionLost

    /// Whether the request certainly never reached the server.
    package var requestCertainlyNotSent: Bool {
        switch self {
        case .notConnected, .dnsFailure, .cannotConnect, .tlsFailure: return true
        case .timedOut, .connectionLost: return false
        }
    }
}
