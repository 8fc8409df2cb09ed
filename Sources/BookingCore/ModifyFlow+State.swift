extension ModifyFlow {
    /// The new dates asked for a booking at the version this device holds.
    package struct DateChange: Hashable, Sendable, Codable {
        /// The booking whose dates change.
        package let bookingID: BookingID
        /// The first night asked for.
        package let checkIn: CalendarDate
        /// The day the new stay ends.
        package let checkOut: CalendarDate

        /// New dates `checkIn..<checkOut` for `bookingID`.
        package init(bookingID: BookingID, checkIn: CalendarDate, checkOut: CalendarDate) {
            self.bookingID = bookingID
            self.checkIn = checkIn
            self.checkOut = checkOut
        }
    }

    /// The server's quote for new dates: the new total and the difference
    /// to the total paid (positive: to charge, negative: to refund), for
    /// one version of the booking.
    package struct Quote: Hashable, Sendable, Codable {
        /// The quote's id, sent with the modification.
        package let quoteID: String
        /// The booking it prices.
        package let bookingID: BookingID
        /// The booking's version it was made for.
        package let version: Version
        /// The new first night.
        package let checkIn: CalendarDate
        /// The day the new stay ends.
        package let checkOut: CalendarDate
        /// The new total.
        package let total: Money
        /// The new total minus the total paid so far.
        package let difference: Money

        /// A quote of `total` (`difference` to the total paid) for the booking at `version`.
        package init(
            quoteID: String, bookingID: BookingID, version: Version, checkIn: CalendarDate, checkOut: CalendarDate,
            total: Money, difference: Money
        ) {
            self.quoteID = quoteID
            self.bookingID = bookingID
            self.version = version
            self.checkIn = checkIn
            self.checkOut = checkOut
            self.total = total
            self.difference = difference
        }
    }

    /// A saved modification: the quote it applies, the version it applies
    /// it at and its idempotency key. Committed before anything is sent;
    /// every post of it carries the same key, quote and version.
    package struct Request: DurableRequest, Codable {
        /// The quote applied (its booking, version, dates and difference).
        package let quote: Quote
        /// The key every post of this request carries.
        package let key: IdempotencyKey

        /// A request applying `quote` under `key`.
        package init(quote: Quote, key: IdempotencyKey) {
            self.quote = quote
            self.key = key
        }

        /// The booking modified.
        package var bookingID: BookingID { quote.bookingID }
        /// The version the modification applies at.
        package var version: Version { quote.version }
    }

    /// The server's word on the booking: state, version and dates.
    package struct Reading: Hashable, Sendable, Codable {
        /// The booking's state.
        package let status: BookingStatus
        /// Its version.
        package let version: Version
        /// Its first night.
        package let checkIn: CalendarDate
        /// The day its stay ends.
        package let checkOut: CalendarDate

        /// A reading of `status` at `version` for `checkIn..<checkOut`.
        package init(status: BookingStatus, version: Version, checkIn: CalendarDate, checkOut: CalendarDate) {
            self.status = status
            self.version = version
            self.checkIn = checkIn
            self.checkOut = checkOut
        }

        /// Whether this is the booking after `request` was applied: a newer
        /// version on the request's dates.
        package func shows(_ request: Request) -> Bool {
            version > request.version && checkIn == request.quote.checkIn && checkOut == request.quote.checkOut
        }
    }

    /// A refused modification: the server's (or the client's) code and words.
    package struct Refusal: Hashable, Sendable {
        /// The error code (`VERSION_CHANGED`, `SOLD_OUT`, `INVALID_DATES`, ...).
        package let code: String
        /// What was said.
        package let message: String

        /// A refusal coded `code`, saying `message`.
        package init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// How a sent request ends once its save is done.
    package enum Outcome: Hashable, Sendable {
        /// Applied: the trip is saved at the new version.
        case modified(Reading)
        /// Refused; nothing changed.
        case refused(Refusal)
        /// The quote expired; the server gave a new one to accept or not.
        case requoted(Quote)
        /// Nothing ever left the device; nothing changed.
        case notSent(String)
    }

    /// A sent request's progress: the steps every durable request shares.
    package typealias Progress = SentRequest<Request>

    /// The stages of a modification. Each case holds only what its next step needs.
    package enum State: Hashable, Sendable, NamedStage {
        /// Nothing asked yet.
        case idle
        /// The quote for the new dates is being asked for.
        case quoting(DateChange)
        /// The quote is shown: the user accepts it or goes back.
        case quoted(Quote)
        /// Accepted: the request is being saved before it is sent.
        case recording(Quote)
        /// The POST is in flight.
        case sending(Progress)
        /// The outcome is unknown: the booking is read to learn what a post did.
        case unknown(Progress)
        /// The server spent the request's key on a failure it stored: the
        /// request is saved again under a new key before the next post.
        case renewing(Progress)
        /// The outcome is being saved; it is said only once saved.
        case saving(Progress, Outcome)
        /// Refused: the booking is read before "nothing changed" is said
        /// (an earlier try, under this key or a renewed one, may have run).
        case readingCurrent(Progress, Refusal)
        /// Final: the dates changed, the trip saved at the new version.
        case modified(Reading)
        /// Final: refused (a named reason); nothing changed.
        case refused(Refusal)
        /// Final: nothing was sent (no quote, the request not saved, or
        /// every try stayed on the device); nothing changed.
        case notSent(String)
        /// Final: the user went back from the quote; nothing changed.
        case wentBack
        /// Final for this run: the outcome is not known (a wait asked for,
        /// a lookup that failed, an answer not saved). The request stays
        /// open for the next run or reconciliation.
        case leftOpen(String)

        /// The stage's name, as the diagram and logs show it.
        package var name: String {
            switch self {
            case .idle: return "idle"
            case .quoting: return "quoting"
            case .quoted: return "quoted"
            case .recording: return "recording"
            case .sending: return "sending"
            case .unknown: return "unknown"
            case .renewing: return "renewing"
            case .saving: return "saving"
            case .readingCurrent: return "readingCurrent"
            case .modified: return "modified"
            case .refused: return "refused"
            case .notSent: return "notSent"
            case .wentBack: return "wentBack"
            case .leftOpen: return "leftOpen"
            }
        }

        /// Whether the run is over.
        package var isFinal: Bool {
            switch self {
            case .modified, .refused, .notSent, .wentBack, .leftOpen: return true
            default: return false
            }
        }
    }
}
