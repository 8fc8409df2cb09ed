extension CancelFlow {
    /// What happened: the run started, or the runner reports an effect's result.
    package enum Event: Hashable, Sendable, Codable, NamedStep {
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
        /// The request is saved again under a new key (the old one closed).
        case renewed(Request)
        /// The request could not be saved under a new key; why.
        case renewFailed(String)
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
            case .renewed: return "renewed"
            case .renewFailed: return "renewFailed"
            case .currentRead(let reading): return reading == nil ? "currentUnreadable" : "currentRead"
            case .saved: return "saved"
            case .saveFailed: return "saveFailed"
            }
        }
    }

    /// Why a POST had no usable answer: the ways every durable request's post fails.
    package typealias PostFailure = BookingCore.PostFailure
}
