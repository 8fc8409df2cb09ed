/// One row of `booking_attempt` as the flow sees it: what `saveAttempt`
/// writes before the first request of an attempt, and what `restored` brings
/// back at launch.
public struct AttemptRecord: Hashable, Codable, Sendable {
    /// The attempt.
    public let attemptID: AttemptID
    /// Its idempotency key, reused on every retry of the attempt.
    public let idempotencyKey: IdempotencyKey
    /// The offer being booked.
    public let offerID: OfferID
    /// The quote the hold asks for.
    public let quoteID: QuoteID
    /// The hold, once granted.
    public let holdID: HoldID?
    /// The booking, once the server made one.
    public let bookingID: BookingID?
    /// Where the attempt stands.
    public let phase: AttemptPhase
    /// The booking version last applied (`.none` before any).
    public let version: Version

    /// A record.
    public init(
        attemptID: AttemptID, idempotencyKey: IdempotencyKey, offerID: OfferID, quoteID: QuoteID,
        holdID: HoldID? = nil, bookingID: BookingID? = nil, phase: AttemptPhase, version: Version = .none
    ) {
        self.attemptID = attemptID
        self.idempotencyKey = idempotencyKey
        self.offerID = offerID
        self.quoteID = quoteID
        self.holdID = holdID
        self.bookingID = bookingID
        self.phase = phase
        self.version = version
    }
}
