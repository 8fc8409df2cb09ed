/// One row of `booking_attempt`, every column: a checkout attempt as saved on
/// the device. The repository writes it (`saveAttempt` makes it from the
/// flow's `Attempt`, with its created time) and the flow's `restored` event
/// brings it back at launch.
public struct SavedAttempt: Hashable, Codable, Sendable {
    /// The attempt: its id, its idempotency key (sent with every POST of
    /// it), the offer and the quote (price) the hold asks for.
    public var attempt: BookingFlow.Attempt
    /// The hold, once the server granted it.
    public var holdID: HoldID?
    /// The booking, once the server created it.
    public var bookingID: BookingID?
    /// Where the attempt stands.
    public var phase: AttemptPhase
    /// The server's booking version last applied (`.none` before any).
    public var version: Version
    /// The hold clock's saved anchor, in `SavedHoldAnchor`'s storage text.
    public var holdAnchor: String?
    /// When the attempt was made, in unix milliseconds (wall clock; for
    /// display and the key's lifetime only).
    public var createdAtMilliseconds: Int64
    /// When the row last changed, in unix milliseconds.
    public var updatedAtMilliseconds: Int64

    /// The client's id of the attempt.
    public var attemptID: AttemptID { attempt.id }
    /// The Idempotency-Key sent with every POST of this attempt.
    public var idempotencyKey: IdempotencyKey { attempt.key }
    /// The offer being booked.
    public var offerID: OfferID { attempt.offerID }
    /// The quote the hold asks for.
    public var quoteID: QuoteID { attempt.quoteID }

    /// A row; a new attempt's row by default (`holdRequested`, no server
    /// ids, changed when made).
    public init(
        attempt: BookingFlow.Attempt, holdID: HoldID? = nil, bookingID: BookingID? = nil,
        phase: AttemptPhase = .holdRequested, version: Version = .none, holdAnchor: String? = nil,
        createdAtMilliseconds: Int64, updatedAtMilliseconds: Int64? = nil
    ) {
        self.attempt = attempt
        self.holdID = holdID
        self.bookingID = bookingID
        self.phase = phase
        self.version = version
        self.holdAnchor = holdAnchor
        self.createdAtMilliseconds = createdAtMilliseconds
        self.updatedAtMilliseconds = updatedAtMilliseconds ?? createdAtMilliseconds
    }
}
