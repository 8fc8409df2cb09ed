import BookingCore

/// Why a request got no HTTP answer at all, in the outcome policy's terms:
/// could the request have reached the server?
public struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure, as `OutcomePolicy` decides on it.
    public var failure: NetworkFailure
    /// What the platform said, for logs.
    public var detail: String

    /// Creates an error.
    public init(_ failure: NetworkFailure, _ detail: String = "") {
        self.failure = failure
        self.detail = detail
    }

    /// No answer within the call's timeout.
    package static let timedOut = TransportError(.timedOut, "no answer in time")

    public var description: String {
        let what: String
        switch failure {
        case .notConnected: what = "the device is offline"
        case .dnsFailure: what = "the server's name did not resolve"
        case .cannotConnect: what = "cannot connect to the server"
        case .tlsFailure: what = "the secure connection failed"
        case .timedOut: what = "the server did not answer in time"
        case .connectionLost: what = "the connection was lost before an answer"
        }
        return detail.isEmpty ? what : "\(what) (\(detail))"
    }
}
