import BookingCore
import Foundation

/// One row of `booking_attempt`: a checkout attempt as saved on the device,
/// with its hold anchor and timestamps (the flow's `AttemptRecord` is the
/// part of it the reducer sees).
public struct StoredAttempt: Equatable, Sendable {
    /// The client's id of the attempt.
    public var attemptID: AttemptID
    /// The Idempotency-Key sent with every POST of this attempt.
    public var idempotencyKey: IdempotencyKey
    /// The offer being booked.
    public var offerID: OfferID
    /// The quote (price) the hold was asked for.
    public var quoteID: QuoteID
    /// The hold, once the server granted it.
    public var holdID: HoldID?
    /// The booking, once the server created it.
    public var bookingID: BookingID?
    /// Where the attempt stands.
    public var phase: AttemptPhase
    /// The server's booking version last applied (`.none` before any).
    public var version: Version
    /// The hold clock's saved anchor, in the hold clock's own encoding.
    public var holdAnchor: String?
    /// When the attempt was made (wall clock; for display and key lifetime only).
    public var createdAt: Date
    /// When the row last changed.
    public var updatedAt: Date

    /// Creates a record.
    public init(
        attemptID: AttemptID, idempotencyKey: IdempotencyKey, offerID: OfferID, quoteID: QuoteID,
        holdID: HoldID? = nil, bookingID: BookingID? = nil, phase: AttemptPhase = .holdRequested,
        version: Version = .none, holdAnchor: String? = nil, createdAt: Date, updatedAt: Date? = nil
    ) {
        self.attemptID = attemptID
        self.idempotencyKey = idempotencyKey
        self.offerID = offerID
        self.quoteID = quoteID
        self.holdID = holdID
        self.bookingID = bookingID
        self.phase = phase
        self.version = version
        self.holdAnchor = holdAnchor
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }
}
