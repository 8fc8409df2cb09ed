import BookingAPI
import BookingCore
import BookingStore
import Foundation

// Holds: asking for one and reading it again. Each answer is saved here,
// where it arrives (one writer per fact).
extension BookingRepository {
    /// `POST /v1/holds` for a saved attempt, with its key. On an answer the
    /// attempt becomes `held` with the hold id and the hold clock's anchor.
    ///
    /// - Parameter anchor: the boot clock read just before this call, so the
    ///   countdown is measured from before the request left.
    package func requestHold(_ id: AttemptID, anchor: BootClock.Reading?) async throws -> HoldSnapshot {
        let record = try saved(id)
        if record.phase == .abandoned { throw RepositoryError.superseded(id) }
        guard record.phase == .holdRequested || record.phase == .held else {
            throw RepositoryError.wrongPhase(id, record.phase, "request a hold")
        }
        let hold = try await api.createHold(offer: record.offerID, quote: record.quoteID, key: record.idempotencyKey)
        try applyHold(hold, to: record, anchor: anchor)
        return hold
    }

    /// `GET /v1/holds/{id}`: reads the attempt's hold again (it may have been
    /// extended or have expired) and saves what it learned: a hold the
    /// server no longer has (404) ends the attempt as `expired`.
    ///
    /// An answer this device cannot save (its storage full, say) is still
    /// the server's: it is returned (a 404 thrown) and the failed save
    /// logged; the row stays as it was, and the next read or launch saves
    /// it. So a full disk never reads as "could not reach the server": the
    /// payment that may follow saves `PAYMENT_SUBMITTED` first, and says the
    /// storage is full when it cannot.
    ///
    /// - Parameter requiringTheSave: throw a failed save instead
    ///   (reconciliation, whose work is the save, reports it as an error).
    package func readHold(
        _ id: AttemptID, anchor: BootClock.Reading?, requiringTheSave: Bool = false
    ) async throws -> HoldSnapshot {
        let record = try saved(id)
        guard let holdID = record.holdID else {
            throw RepositoryError.wrongPhase(id, record.phase, "read a hold it never got")
        }
        let hold: HoldSnapshot
        do {
            hold = try await api.hold(holdID)
        } catch APIError.notFound {
            // Once a payment may have left, only the booking settles the row.
            if !record.phase.mayHaveCharged {
                try saveHoldAnswer(of: id, required: requiringTheSave) {
                    _ = try store.attempts.concludeHold(id: id, as: .expired, at: now())
                }
            }
            throw APIError.notFound
        }
        if !record.phase.mayHaveCharged {
            try saveHoldAnswer(of: id, required: requiringTheSave) { try applyHold(hold, to: record, anchor: anchor) }
        }
        return hold
    }

    /// Runs `save`, the save of a hold read's answer. Its failure is thrown
    /// when the save is `required`, or when it says a newer hold replaced
    /// the attempt (a `RepositoryError`); any other is logged.
    private func saveHoldAnswer(of id: AttemptID, required: Bool, _ save: () throws -> Void) throws {
        do {
            try save()
        } catch let error where !required && !(error is RepositoryError) {
            logger.error(
                "cannot save the hold's answer; the row stays as it was", error: error, ["attempt": id.rawValue])
        }
    }

    private func applyHold(_ hold: HoldSnapshot, to record: SavedAttempt, anchor: BootClock.Reading?) throws {
        let expired = hold.state == .expired
        let saved = anchor.flatMap {
            SavedHoldAnchor(bootID: $0.bootID, sinceBoot: $0.sinceBoot, expiresIn: .milliseconds(hold.expiresInMs))
        }
        let moved = try store.attempts.update(
            AttemptChange(
                attemptID: record.attemptID, phase: expired ? .expired : .held, holdID: hold.holdId,
                holdAnchor: saved?.storageText),
            at: now())
        // A new hold from another process abandoned this attempt while the
        // request was out: the answer is for a room nobody pays any more.
        if !moved, try store.attempts.attempt(id: record.attemptID)?.phase == .abandoned {
            throw RepositoryError.superseded(record.attemptID)
        }
    }
}
