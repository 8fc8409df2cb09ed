/// One row of `booking_attempt`, every column: a checkout attempt as saved on
/// the device. The repository writes it (`saveAttempt` makes it from the
/// flow's `Attempt`, with its created time) and the flow's `restored` event
/// brings it back at launch.
package struct SavedAttempt: Hashable, Codable, Sendable {
    /// The attempt: its id, its idempotency key (sent with every POST of
    /// it), the offer and the quote (price) the hold asks for.
    package var attempt: BookingFlow.Attempt
    /// The hold, once the server granted it.
    package var holdID: HoldID? = nil
    /// The booking, once the server created it.
    package var bookingID: BookingID? = nil
    /// Where the attempt stands.
    package var phase: AttemptPhase
    /// The server's booking version last applied (`.none` before any).
    package var version: Version = .none
    /// The hold clock's saved anchor, in `SavedHoldAnchor`'s storage text.
    package var holdAnchor: String? = nil
    /// The bank's 3-D Secure page while the attempt is `actionRequired`
    /// (saved with the server's answer, so an interruption does not lose
    /// it); nil in every other phase.
    package var challengeURL: String? = nil
    /// The coupon code applied to the held room, with the hold's new quote
    /// and price (nil until the server applied one).
    package var coupon: SavedCoupon? = nil
    /// The lead guest saved with `paymentSubmitted`: what every send of
    /// the payment carries (nil before, and for a payment made without one).
    package var guest: GuestDetails? = nil
    /// When the attempt was made, in unix milliseconds (wall clock; for
    /// display and the key's lifetime only).
    package var createdAtMilliseconds: Int64
    /// When the row last changed, in unix milliseconds.
    package var updatedAtMilliseconds: Int64

    /// The client's id of the attempt.
    package var attemptID: AttemptID { attempt.id }
    /// The Idempotency-Key sent with every POST of this attempt.
    package var idempotencyKey: IdempotencyKey { attempt.key }
    /// The offer being booked.
    package var offerID: OfferID { attempt.offerID }
    /// The quote the hold asks for.
    package var quoteID: QuoteID { attempt.quoteID }

    /// A new attempt's row, made at `createdAtMilliseconds`: no server ids,
    /// no version, no anchor yet (a row read back sets them).
    package init(attempt: BookingFlow.Attempt, phase: AttemptPhase = .holdRequested, createdAtMilliseconds: Int64) {
        self.attempt = attempt
        self.phase = phase
        self.createdAtMilliseconds = createdAtMilliseconds
        updatedAtMilliseconds = createdAtMilliseconds
    }
}
