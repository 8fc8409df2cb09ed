extension CancelFlow {
    /// What happened: the run started, or the runner reports an effect's result.
    package enum Event: Hashable, Sendable, Codable {
        /// A run starts for a saved request; `resumed` when an earlier run made it.
        case started(Request, resumed: Bool)
        /// The POST was answered with a booking (2xx).
        case answered(Reading)
        /// The POST had no usable answer.
        case postFailed(PostFailure)
        /// The lookup read the booking.
        case lookedUp(Reading)
        /// The lookup found no such booking for this account (404).
        case lookUpFoundNothing
        /// The lookup could not ask the server; why, for people.
        case lookUpFailed(String)
        /// The read after a refusal: the booking, or nil when it could not be read.
        case currentRead(Reading?)
        /// The outcome is saved.
        case saved
        /// The outcome could not be saved; why.
        case saveFailed(String)

        /// The event's name, for diagrams and logs.
        package var name: String {
            switch self {
            case .started(_, let resumed): return resumed ? "resumed" : "started"
            case .answered: return "answered"
            case .postFailed(let failure): return "postFailed(\(failure.name))"
            case .lookedUp: return "lookedUp"
            case .lookUpFoundNothing: return "lookUpFoundNothing"
            case .lookUpFailed: return "lookUpFailed"
            case .currentRead(let reading): return reading == nil ? "currentUnreadable" : "currentRead"
            case .saved: return "saved"
            case .saveFailed: return "saveFailed"
            }
        }
    }

    /// Why a POST had no usable answer.
    package enum PostFailure: Hashable, Sendable, Codable {
        /// Every try stayed on the device (offline, refused connection).
        case notSent(String)
        /// The server refused it with this code and message.
        case rejected(code: String, message: String)
        /// The server asked for a pause; nothing was sent now.
        case waitRequested(String)
        /// The answer was lost or unusable: the post may have been applied.
        case lost(String)

        /// The failure's name, for diagrams and logs.
        package var name: String {
            switch self {
            case .notSent: return "notSent"
            case .rejected: return "rejected"
            case .waitRequested: return "waitRequested"
            case .lost: return "lost"
            }
        }
    }
}
