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
    /// For a held attempt at launch: the hold and the time left on it as
    /// the device can tell from its saved anchor (same boot only); nil when
    /// the device cannot tell (another boot, no anchor, no price).
    public let restoredHold: RestoredHold?

    /// A record.
    public init(
        attemptID: AttemptID, idempotencyKey: IdempotencyKey, offerID: OfferID, quoteID: QuoteID,
        holdID: HoldID? = nil, bookingID: BookingID? = nil, phase: AttemptPhase, version: Version = .none,
        restoredHold: RestoredHold? = nil
    ) {
        self.attemptID = attemptID
        self.idempotencyKey = idempotencyKey
        self.offerID = offerID
        self.quoteID = quoteID
        self.holdID = holdID
        self.bookingID = bookingID
        self.phase = phase
        self.version = version
        self.restoredHold = restoredHold
    }
}
