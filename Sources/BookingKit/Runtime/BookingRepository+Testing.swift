import BookingCore
import BookingStore
import Foundation

// For tests only: entry points no product code calls (the flow saves its
// attempts through `save(_:)` of a `BookingFlow.Attempt` and pays through
// `update` and `sendPayment`, step by step, with an effect boundary
// between). Package access, so tests reach them without a testable import.
package extension BookingRepository {
    /// Makes a new attempt for `offer` at `quote` with a fresh random key and
    /// saves it; returns once the row is durable.
    func startAttempt(offer: OfferID, quote: QuoteID) throws -> SavedAttempt {
        let attempt = BookingFlow.Attempt(
            id: AttemptID(makeUUID().uuidString.lowercased()),
            key: IdempotencyKey(makeUUID().uuidString.lowercased()), offerID: offer, quoteID: quote)
        let record = SavedAttempt(attempt: attempt, createdAt: now())
        try store.startAttempt(record)
        return record
    }

    /// Saves a row as it is (tests that make rows of any phase).
    @discardableResult
    func save(_ record: SavedAttempt) throws -> [SavedAttempt] {
        try store.startAttempt(record)
    }

    /// Pays for a held attempt: commits `paymentSubmitted`, then
    /// `sendPayment`. Cancelling the caller never cancels the charge.
    func pay(_ id: AttemptID, token: PaymentToken) async -> PaymentOutcome {
        if let running = payments[id] { return await running.value }
        do {
            // The commit that must precede the request: from here on, launch
            // reconciliation looks this attempt up by its key. Conditional on
            // HELD: another process that got there first sends it, not us.
            guard try update(AttemptChange(attemptID: id, phase: .paymentSubmitted)) else {
                return Self.notSubmitted(try saved(id))
            }
        } catch {
            return .notSent("the attempt could not be saved, so nothing was sent: \(error)")
        }
        return await sendPayment(id, token: token)
    }

    /// Every hold release saved, oldest first.
    func holdReleases() throws -> [HoldRelease] {
        try store.releases.all()
    }

    /// Whether a trip is saved for this booking.
    func hasTrip(_ id: BookingID) throws -> Bool {
        try store.trips.trip(id: id) != nil
    }
}
