import BookingAPI
import BookingCore
import BookingStore
import Foundation

// Rooms the account holds from other devices: listed, paid there, let go
// here. The server's list is the only word on them; nothing is concluded
// from silence.
extension BookingRepository {
    /// `GET /v1/holds`, less every hold an attempt saved here names (the
    /// rooms this device held, paid or let go itself) and every hold of an
    /// offer and quote a hold request here still waits to learn about (its
    /// answer was lost: the room may be this device's own, asked for again
    /// under its key by reconciliation), with the hold clock read just
    /// before the request left: each countdown is measured from then, so it
    /// never shows more time than the server granted.
    package func holdsElsewhere() async throws -> (holds: [HoldSnapshot], sentAt: MonotonicInstant) {
        let sentAt = holdNow()
        let live = try await api.liveHolds()
        for hold in live { holdTerms[hold.holdId] = hold.cancellation }
        let unanswered = Set(
            try store.attempts.nonFinal().filter { $0.phase == .holdRequested }.map { "\($0.offerID) \($0.quoteID)" })
        return (
            try live.filter {
                try !store.attempts.knows(hold: $0.holdId) && !unanswered.contains("\($0.offerId) \($0.quoteId)")
            }, sentAt
        )
    }

    /// The hold of attempt `id` was read `BOOKED`: when the booking that
    /// uses it was made under another key than the attempt's (another
    /// device of the account paid it), the attempt, still in a hold phase,
    /// is saved abandoned (nothing was charged under its key) with the
    /// booking as a trip once confirmed, and this returns true (also when
    /// an earlier call saved it so: the flow's read and the launch's
    /// reconciliation each ask). False, with nothing saved, when the
    /// booking is this attempt's own or another attempt's here, when the
    /// attempt's payment may have left (its own answer settles it), or when
    /// the booking cannot be read (the caller goes on as before).
    package func settleBookedElsewhere(_ id: AttemptID, hold: HoldSnapshot) async -> Bool {
        guard hold.state == .booked, let bookingID = hold.bookingId,
            let record = try? saved(id), [.holdRequested, .held, .abandoned].contains(record.phase),
            record.holdID == hold.holdId
        else { return false }
        let booking: BookingSnapshot
        do {
            booking = try await api.booking(bookingID)
        } catch {
            logger.warning(
                "cannot read the booking that uses the attempt's hold", error: error,
                ["attempt": id.rawValue, "booking": bookingID.rawValue])
            return false
        }
        guard booking.holdId == hold.holdId, booking.idempotencyKey != record.idempotencyKey,
            (try? store.attempts.attempt(key: booking.idempotencyKey)) == nil
        else { return false }
        let trip = booking.state == .confirmed ? Self.trip(from: booking, syncedAt: now()) : nil
        do {
            return try store.saveBookedElsewhere(
                attempt: id, booking: booking.bookingId, trip: trip, at: now())
        } catch {
            logger.error("cannot save the attempt as booked elsewhere", error: error, ["attempt": id.rawValue])
            return false
        }
    }

    /// Whether attempt `id` is saved as a hold another device paid: abandoned,
    /// naming the booking that uses its hold (`settleBookedElsewhere`, from
    /// the flow's read or the launch's reconciliation, whichever came first).
    package func isBookedElsewhere(_ id: AttemptID) -> Bool {
        guard let record = try? saved(id) else { return false }
        return record.phase == .abandoned && record.bookingID != nil
    }

    /// Lets go of `hold`, held from another device: an attempt of its own
    /// saved abandoned on it (`attempt`), then its release, sent now and,
    /// when not answered, by the next hold, reconciliation or launch. Both
    /// devices releasing one hold send one key (`HoldRelease.key`): the
    /// server releases it once. Returns how the release ended this time
    /// (nil: an attempt here uses the hold, nothing saved).
    package func letGo(_ hold: HoldID, offer: OfferID, quote: QuoteID, attempt: (AttemptID, IdempotencyKey))
        async throws
        -> HoldRelease.Status?
    {
        var record = SavedAttempt(
            attempt: BookingFlow.Attempt(id: attempt.0, key: attempt.1, offerID: offer, quoteID: quote),
            createdAt: now())
        record.holdID = hold
        guard try store.letGo(record) != nil else { return nil }
        await sendReleases()
        return try store.releases.release(of: hold)?.status
    }
}
