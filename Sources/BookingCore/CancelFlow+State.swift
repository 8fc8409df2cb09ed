extension CancelFlow {
    /// A saved cancellation: which booking, at which version, under which
    /// idempotency key, and the quote the user accepted, if any. Committed
    /// before anything is sent; every post of it carries the same four.
    package struct Request: DurableRequest, Codable {
        /// The booking to cancel.
        package let bookingID: BookingID
        /// The version this device holds, the one it cancels.
        package let version: Version
        /// The key every post of this request carries.
        package let key: IdempotencyKey
        /// The cancellation quote accepted (the server cancels only at its
        /// refund); nil for a cancellation at the refund of the moment.
        package let quoteID: String?

        /// A request for `bookingID` at `version` under `key`, at the quote `quoteID` if any.
        package init(bookingID: BookingID, version: Version, key: IdempotencyKey, quoteID: String? = nil) {
            self.bookingID = bookingID
            self.version = version
            self.key = key
            self.quoteID = quoteID
        }
    }

    /// The server's word on the booking: its state and version.
    package struct Reading: Hashable, Sendable, Codable {
        /// The booking's state.
        package let status: BookingStatus
        /// Its version.
        package let version: Version

        /// A reading of `status` at `version`.
        package init(status: BookingStatus, version: Version) {
            self.status = status
            self.version = version
        }
    }

    /// A refused cancellation: the server's code and words, and the booking
    /// as the server has it now when it could be read.
    package struct Refusal: Hashable, Sendable {
        /// The error code (`VERSION_CONFLICT`, `NOT_FOUND`, ...).
        package let code: String
        /// What the server, or the client's check, said.
        package let message: String
        /// The booking as the server has it now, if read.
        package let current: Reading?
    }

    /// How a run ends once its save is done.
    package enum Outcome: Hashable, Sendable {
        /// The booking is cancelled (saved as the trip).
        case cancelled(Reading)
        /// The server refused; nothing was cancelled.
        case refused(Refusal)
        /// Nothing ever left the device; nothing was cancelled.
        case notSent(String)
    }

    /// A run's progress: the steps every durable request shares.
    package typealias Progress = SentRequest<Request>

    /// The stages of a run. Each case holds only what its next step needs.
    package enum State: Hashable, Sendable, NamedStage {
        /// No request is being settled.
        case idle
        /// The POST is in flight.
        case sending(Progress)
        /// The outcome is unknown: the booking is read to learn what a post did.
        case unknown(Progress)
        /// The server spent the request's key on a failure it stored: the
        /// request is saved again under a new key before the next post.
        case renewing(Progress)
        /// A refusal: the booking is read once, to save it as the server has it.
        case readingCurrent(Progress, code: String, message: String)
        /// The outcome is being saved; it is said only once saved.
        case saving(Progress, Outcome)
        /// Final: cancelled, saved as the trip with its refund.
        case cancelled(Reading)
        /// Final: refused; nothing was cancelled.
        case refused(Refusal)
        /// Final: the request never left the device; nothing was cancelled.
        case notSent(String)
        /// Final for this run: the outcome is not known (a wait the server
        /// asked for, a lookup that failed, an answer not saved). The
        /// request stays open for the next run or reconciliation.
        case leftOpen(String)

        /// The stage's name, as the diagram and logs show it.
        package var name: String {
            switch self {
            case .idle: return "idle"
            case .sending: return "sending"
            case .unknown: return "unknown"
            case .renewing: return "renewing"
            case .readingCurrent: return "readingCurrent"
            case .saving: return "saving"
            case .cancelled: return "cancelled"
            case .refused: return "refused"
            case .notSent: return "notSent"
            case .leftOpen: return "leftOpen"
            }
        }

        /// Whether the run is over.
        package var isFinal: Bool {
            switch self {
            case .cancelled, .refused, .notSent, .leftOpen: return true
            default: return false
            }
        }
    }
}
