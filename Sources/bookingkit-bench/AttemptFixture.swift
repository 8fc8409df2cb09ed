import BookingCore
import BookingStore
import CBookingSQLiteBaseline
import Foundation

/// Checkout attempts, one durable row each: fresh ids, a v4-shaped
/// idempotency key, no server ids yet. Status `PAYMENT_SUBMITTED`: the schema
/// allows one attempt in a hold phase per data directory, and the suites
/// insert thousands side by side (both sides, the same schema and rows).
/// Deterministic, so every run writes the same rows.
enum AttemptFixture {
    /// Attempt number `index`.
    static func record(_ index: Int) -> SavedAttempt {
        let serial = Fixtures.padded(index, width: 10)
        return SavedAttempt(
            attempt: BookingFlow.Attempt(
                id: AttemptID("att_" + serial),
                key: IdempotencyKey("7f3c1e2a-9b4d-4c6e-8a1f-" + Fixtures.hex(index, width: 12)),
                offerID: OfferID("off_lisbon_" + Fixtures.padded(index % 5_000, width: 6)),
                quoteID: QuoteID("quo_" + serial)),
            phase: .paymentSubmitted,
            createdAtMilliseconds: Fixtures.milliseconds(Fixtures.date(second: index)))
    }

    /// The same attempt for the C baseline.
    static func cRow(_ record: SavedAttempt, _ strings: CStringPool) -> bkb_attempt {
        bkb_attempt(
            attempt_id: strings.copy(record.attemptID.rawValue),
            idempotency_key: strings.copy(record.idempotencyKey.rawValue),
            offer_id: strings.copy(record.offerID.rawValue),
            quote_id: strings.copy(record.quoteID.rawValue),
            hold_id: strings.copy(record.holdID?.rawValue),
            booking_id: strings.copy(record.bookingID?.rawValue),
            status: strings.copy(record.phase.rawValue),
            version: record.version.rawValue,
            hold_anchor: strings.copy(record.holdAnchor),
            created_at: record.createdAtMilliseconds,
            updated_at: record.updatedAtMilliseconds)
    }
}
