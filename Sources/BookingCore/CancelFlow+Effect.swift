extension CancelFlow {
    /// Work the runner does and reports back as an event.
    package enum Effect: Hashable, Sendable, NamedStep {
        /// `POST /v1/bookings/{id}/cancel` with the request's key and version.
        case post(Request)
        /// `GET /v1/bookings/{id}`: what a post did.
        case lookUp(BookingID)
        /// Close the request (its key spent by a failure the server stored)
        /// and save it again under a new key, in one transaction.
        case renew(Request)
        /// `GET /v1/bookings/{id}` after a refusal, best effort.
        case readCurrent(BookingID)
        /// Close the request as cancelled and save the booking last read
        /// (the answer or the lookup) as the trip, in one transaction.
        case saveCancelled(Request)
        /// Close the request as refused with `code`; with the booking last
        /// read saved as the trip when `withBooking`.
        case saveRefused(Request, code: String, withBooking: Bool)

        /// The effect's name, for logs.
        package var name: String {
            switch self {
            case .post: return "post"
            case .lookUp: return "lookUp"
            case .renew: return "renew"
            case .readCurrent: return "readCurrent"
            case .saveCancelled: return "saveCancelled"
            case .saveRefused: return "saveRefused"
            }
        }
    }
}
