extension ModifyFlow {
    /// What happened: the user asked or answered, or the runner reports an effect's result.
    package enum Event: Hashable, Sendable, Codable, NamedStep {
        /// The user asks for new dates.
        case started(DateChange)
        /// A run starts for a request saved by an earlier run (it may have been sent).
        case resumed(Request)
        /// The server quoted the new dates.
        case quoteReceived(Quote)
        /// The server refused to quote them (`INVALID_DATES`, `SOLD_OUT`, ...).
        case quoteRefused(code: String, message: String)
        /// The quote could not be asked for; why, for people.
        case quoteFailed(String)
        /// The user accepts the quote shown.
        case accepted
        /// The user goes back from the quote.
        case wentBack
        /// The request is saved, under its key.
        case recorded(Request)
        /// The request could not be saved; why (nothing is sent).
        case recordFailed(String)
        /// The POST was answered with the modified booking (2xx).
        case answered(Reading)
        /// The quote expired and the server answered the POST with a new one.
        case requoted(Quote)
        /// The POST had no usable answer.
        case postFailed(PostFailure)
        /// The lookup read the booking.
        case lookedUp(Reading)
        /// The lookup could not ask the server; why, for people.
        case lookUpFailed(String)
        /// The request is saved again under a new key (the old one closed).
        case renewed(Request)
        /// The request could not be saved under a new key; why.
        case renewFailed(String)
        /// The outcome is saved.
        case saved
        /// The outcome could not be saved; why.
        case saveFailed(String)

        /// The event's name, for diagrams and logs.
        package var name: String {
            switch self {
            case .started: return "started"
            case .resumed: return "resumed"
            case .quoteReceived: return "quoteReceived"
            case .quoteRefused: return "quoteRefused"
            case .quoteFailed: return "quoteFailed"
            case .accepted: return "accepted"
            case .wentBack: return "wentBack"
            case .recorded: return "recorded"
            case .recordFailed: return "recordFailed"
            case .answered: return "answered"
            case .requoted: return "requoted"
            case .postFailed(let failure): return "postFailed(\(failure.name))"
            case .lookedUp: return "lookedUp"
            case .lookUpFailed: return "lookUpFailed"
            case .renewed: return "renewed"
            case .renewFailed: return "renewFailed"
            case .saved: return "saved"
            case .saveFailed: return "saveFailed"
            }
        }
    }

    /// Why a POST had no usable answer: the ways every durable request's post fails.
    package typealias PostFailure = BookingCore.PostFailure
}
