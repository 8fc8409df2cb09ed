extension ModifyFlow {
    /// Work the runner does and reports back as an event.
    package enum Effect: Hashable, Sendable, NamedStep {
        /// `POST /v1/bookings/{id}/modification-quotes` for the new dates.
        case requestQuote(DateChange)
        /// Save a request for the quote under a new key, before any post.
        case record(Quote)
        /// `POST /v1/bookings/{id}/modifications` with the request's key, quote and version.
        case post(Request)
        /// `GET /v1/bookings/{id}`: what a post did.
        case lookUp(BookingID)
        /// Close the request (its key spent by a failure the server stored)
        /// and save it again under a new key, in one transaction.
        case renew(Request)
        /// Close the request as applied and save the booking last read (the
        /// answer or the lookup) as the trip, by version, in one transaction.
        case saveModified(Request)
        /// Close the request as refused (or not sent) with `code`.
        case saveRefused(Request, code: String)

        /// The effect's name, for logs.
        package var name: String {
            switch self {
            case .requestQuote: return "requestQuote"
            case .record: return "record"
            case .post: return "post"
            case .lookUp: return "lookUp"
            case .renew: return "renew"
            case .saveModified: return "saveModified"
            case .saveRefused: return "saveRefused"
            }
        }
    }
}
