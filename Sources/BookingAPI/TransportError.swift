/// Why a request got no HTTP response at all.
///
/// For a POST that moves money, every case but `cannotConnect` is an unknown
/// outcome: the request may have been processed.
public enum TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No connection could be made: the request never left.
    case cannotConnect(String)
    /// The connection broke before a full answer arrived.
    case connectionLost(String)
    /// No answer within the call's timeout.
    case timedOut
    /// Anything else the platform reported.
    case other(String)

    public var description: String {
        switch self {
        case .cannotConnect(let detail): return "cannot connect to the server (\(detail))"
        case .connectionLost(let detail): return "the connection was lost before an answer (\(detail))"
        case .timedOut: return "the server did not answer in time"
        case .other(let detail): return "network error: \(detail)"
        }
    }

    /// Whether the request certainly never reached the server.
    public var requestCertainlyNotSent: Bool {
        if case .cannotConnect = self { return true }
        return false
    }
}
