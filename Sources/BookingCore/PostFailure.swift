/// Why a durable request's POST had no usable answer.
package enum PostFailure: Hashable, Sendable, Codable {
    /// Every try stayed on the device (offline, refused connection).
    case notSent(String)
    /// The server refused it with this code and message.
    case rejected(code: String, message: String)
    /// The server asked for a pause; nothing was sent now.
    case waitRequested(String)
    /// The answer was lost or unusable: the post may have been applied.
    case lost(String)
    /// The server replayed a failure it stored for the key (a 5xx marked
    /// `Idempotent-Replayed`): it ran the key once and never runs it
    /// again. Whether it changed the booking first, only a read tells.
    case keySpent(String)

    /// The failure's name, for diagrams and logs.
    package var name: String {
        switch self {
        case .notSent: return "notSent"
        case .rejected: return "rejected"
        case .waitRequested: return "waitRequested"
        case .lost: return "lost"
        case .keySpent: return "keySpent"
        }
    }
}
