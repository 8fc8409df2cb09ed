import BookingCore
import Foundation

// Rooms the account holds from other devices: paid there, or let go here.
extension BookingDatabase {
    /// Another device of the account paid the hold of `attempt` (booking
    /// `booking`): the attempt, still in a hold phase, is saved `ABANDONED`
    /// (nothing was charged under its key) naming that booking, so what
    /// reads the row later (`booking status`) says the room is booked
    /// elsewhere; and, in the same transaction, the booking as
    /// a trip when it is confirmed (`trip`: the account's booking, saved
    /// whatever the attempt's row says). Returns whether the attempt is
    /// saved abandoned now (moved here, or by an earlier call); false when
    /// it moved on otherwise meanwhile (its own answer settles it).
    ///
    /// - Throws: `SQLiteError`; nothing is written then.
    @discardableResult
    package func saveBookedElsewhere(attempt: AttemptID, booking: BookingID, trip: TripRecord?, at date: Date) throws
        -> Bool
    {
        try database.transaction {
            if let trip { try trips.upsert(trip) }
            // The schema's trigger moves a row to ABANDONED only from a hold phase.
            if try attempts.update(AttemptChange(attemptID: attempt, phase: .abandoned, bookingID: booking), at: date) {
                return true
            }
            return try attempts.attempt(id: attempt)?.phase == .abandoned
        }
    }

    /// Lets go of a room held from another device: an attempt of its own
    /// (`record`, saved `ABANDONED` on the hold: nothing is paid under it)
    /// and then the hold's release, each durable on return. A process that
    /// dies between the two leaves the release to the next launch, which
    /// saves it for every abandoned hold (`HoldReleaseTable.saveForgotten`).
    /// Returns the release, or nil when an attempt here uses the hold.
    ///
    /// The row's key is marked (`AttemptTable.letGoKeyPrefix`): it is
    /// bookkeeping, not a step of this device's flow, so it never becomes
    /// the device's latest attempt. (When it did, a room this device kept
    /// to pay again after a decline counted as let go: the next sweep
    /// would release the room its screen offered, and until one ran it
    /// stayed held with no attempt keeping it. Simulation seed 11858.)
    ///
    /// - Throws: `SQLiteError` (a constraint violation when the attempt's id
    ///   or key is saved already).
    package func letGo(_ record: SavedAttempt) throws -> HoldRelease? {
        guard let hold = record.holdID else { return nil }
        var abandoned = record
        abandoned.phase = .abandoned
        abandoned.attempt = BookingFlow.Attempt(
            id: record.attempt.id, key: IdempotencyKey(AttemptTable.letGoKeyPrefix + record.attempt.key.rawValue),
            offerID: record.attempt.offerID, quoteID: record.attempt.quoteID)
        try attempts.insert(abandoned)
        return try releases.save(hold: hold, attempt: record.attemptID, at: record.createdAt)
    }
}
