import BookingCore

/// How a call to the booking API ended when it did not succeed. Each case
/// tells the caller what to do next; none is a crash.
package enum APIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A business answer for the user: price changed (the new price and quote
    /// in `error`), sold out, expired, declined.
    case userFacing(UserFacingError, ServerError?)
    /// The request did not do what it asked, for good (or until the user
    /// tries again). `.final(.notSent(reason), nil)` carries why a request
    /// never left (`TransportError`): offline, no address, a certificate
    /// refused.
    case final(FinalFailure, ServerError?)
    /// A request that moves money got no clear answer: look the attempt up by
    /// its key before anything else; never mark it final blindly.
    case unknownOutcome(String)
    /// The server answered 404 for what was asked.
    case notFound
    /// The server's answer broke the contract (bad JSON, a missing field, an
    /// unknown state, a negative version...). On a request that moves money
    /// this is reported as `unknownOutcome` instead.
    case invalidResponse(String)

    package var description: String {
        switch self {
        case .userFacing(let kind, let error): return "\(kind)\(error.map { ": \($0.message)" } ?? "")"
        case .final(.notSent(let reason?), _): return "not sent: \(reason)"
        case .final(.notSent(nil), _): return "not sent"
        case .final(let failure, let error): return "\(failure)\(error.map { ": \($0)" } ?? "")"
        case .unknownOutcome(let detail): return "outcome unknown (\(detail)); the attempt will be looked up by its key"
        case .notFound: return "not found"
        case .invalidResponse(let detail): return "the server's answer was not valid: \(detail)"
        }
    }
}
