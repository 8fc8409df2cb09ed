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
        holdTerms[hold.holdId] = hold.cancellation
        do {
            try applyHold(hold, to: record, anchor: anchor)
        } catch RepositoryError.superseded(let superseded) {
            // Granted for an attempt given up while the request was out: a
            // room nobody pays, given up in turn.
            do {
                try giveUp(hold.holdId, of: id)
                await sendReleases()
            } catch {
                logger.error(
                    "cannot save the release of a hold granted too late", error: error, ["attempt": id.rawValue])
            }
            throw RepositoryError.superseded(superseded)
        }
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
        try await readHoldTimed(id, anchor: anchor, requiringTheSave: requiringTheSave).snapshot
    }

    /// `readHold`, also returning when its request left by the hold clock
    /// (read just before it left; for a read shared at launch, that read's
    /// own), so a countdown is measured from before the request its answer
    /// is for.
    package func readHoldTimed(
        _ id: AttemptID, anchor: BootClock.Reading?, requiringTheSave: Bool = false
    ) async throws -> (snapshot: HoldSnapshot, sentAt: MonotonicInstant) {
        let record = try saved(id)
        guard let holdID = record.holdID else {
            throw RepositoryError.wrongPhase(id, record.phase, "read a hold it never got")
        }
        let read = await fetchHold(id, holdID: holdID, anchor: anchor)
        let hold: HoldSnapshot
        do {
            hold = try read.result.get()
        } catch APIError.notFound {
            // Once a payment may have left, only the booking settles the row.
            if !record.phase.mayHaveCharged {
                try saveHoldAnswer(of: id, required: requiringTheSave) {
                    _ = try store.attempts.concludeHold(id: id, as: .expired, at: now())
                }
            }
            throw APIError.notFound
        }
        holdTerms[hold.holdId] = hold.cancellation
        if !record.phase.mayHaveCharged {
            try saveHoldAnswer(of: id, required: requiringTheSave) {
                try applyHold(hold, to: record, anchor: read.anchor)
            }
        }
        return (hold, read.sentAt)
    }

    /// Between `shareHoldReads(true)` and `shareHoldReads(false)` (a launch's
    /// restore and settling), each hold read is given once more to the next
    /// read of the same hold, whether still in flight or answered: the
    /// flow's read of the restored hold and the reconciliation's are one
    /// `GET`. Any later read asks the server again.
    package func shareHoldReads(_ sharing: Bool) {
        holdReadWindowOpen = sharing
        if sharing {
            if sharedHoldReads == nil { sharedHoldReads = [:] }
        } else if holdReadLeases == 0 {
            sharedHoldReads = nil
        }
    }

    /// Keeps an open window of shared hold reads open for work that may
    /// outlive it (the launch's settling, which goes on past its bound):
    /// its read and the restore's stay one `GET` whichever comes last.
    /// Returns whether a window was open; only then is the lease to be
    /// ended (`endHoldReadLease`).
    package func leaseHoldReadSharing() -> Bool {
        guard sharedHoldReads != nil else { return false }
        holdReadLeases += 1
        return true
    }

    /// Ends a lease `leaseHoldReadSharing` gave; the last one out of a
    /// closed window closes the sharing.
    package func endHoldReadLease() {
        holdReadLeases = max(0, holdReadLeases - 1)
        if holdReadLeases == 0 && !holdReadWindowOpen { sharedHoldReads = nil }
    }

    /// The server's answer for `holdID`: a shared read's, or a new `GET`.
    private func fetchHold(_ id: AttemptID, holdID: HoldID, anchor: BootClock.Reading?) async -> SharedHoldRead.Answer {
        guard var shared = sharedHoldReads else {
            return await Self.get(holdID, api: api, anchor: anchor, holdNow: holdNow)
        }
        if let earlier = shared[id], earlier.holdID == holdID {
            shared[id] = nil
            sharedHoldReads = shared
            return await earlier.answer.value
        }
        let (api, holdNow) = (self.api, self.holdNow)
        let answer = Task { await Self.get(holdID, api: api, anchor: anchor, holdNow: holdNow) }
        shared[id] = SharedHoldRead(holdID: holdID, answer: answer)
        sharedHoldReads = shared
        return await answer.value
    }

    private static func get(
        _ holdID: HoldID, api: BookingAPIClient, anchor: BootClock.Reading?,
        holdNow: @Sendable () -> MonotonicInstant
    ) async -> SharedHoldRead.Answer {
        let sentAt = holdNow()
        do {
            return SharedHoldRead.Answer(result: .success(try await api.hold(holdID)), anchor: anchor, sentAt: sentAt)
        } catch {
            return SharedHoldRead.Answer(result: .failure(error), anchor: anchor, sentAt: sentAt)
        }
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
        // A read that says what the row already says is not written again:
        // a durable commit (a sync) for nothing. The row is read afresh here,
        // so a row another process moved meanwhile is judged as it is now.
        let current = expired ? nil : try store.attempts.attempt(id: record.attemptID)
        if let current {
            if current.phase == .abandoned { throw RepositoryError.superseded(record.attemptID) }
            if Self.saysTheSame(current, hold: hold, anchor: saved) {
                return try saveCoupon(of: hold, for: record.attemptID, known: current.coupon)
            }
        }
        let moved = try store.attempts.update(
            AttemptChange(
                attemptID: record.attemptID, phase: expired ? .expired : .held, holdID: hold.holdId,
                holdAnchor: saved?.storageText),
            at: now())
        // A code the server applied whose answer this device missed.
        if moved, !expired { try saveCoupon(of: hold, for: record.attemptID, known: current?.coupon) }
        // A new hold from another process abandoned this attempt while the
        // request was out: the answer is for a room nobody pays any more.
        if !moved, try store.attempts.attempt(id: record.attemptID)?.phase == .abandoned {
            throw RepositoryError.superseded(record.attemptID)
        }
    }

    /// How far apart two anchors of one hold may put its end and still say
    /// the same: each is measured from before its request left, so each is
    /// a lower bound of the one end the server keeps, and two reads of an
    /// unchanged hold differ only by their requests' latencies. A hold
    /// extended (or shortened) by the server moves its end by far more.
    static let sameHoldEndTolerance: Duration = .seconds(1)

    /// Whether saving `hold` (read again, still held) with `anchor` would
    /// change nothing `current` says: still `HELD` with that hold, and an
    /// anchor on the same boot that ends the hold within
    /// `sameHoldEndTolerance` of the new one (or no new anchor: the update
    /// keeps the saved one). Only `updated_at` would move.
    static func saysTheSame(_ current: SavedAttempt, hold: HoldSnapshot, anchor: SavedHoldAnchor?) -> Bool {
        guard current.phase == .held, current.holdID == hold.holdId else { return false }
        guard let anchor else { return true }
        guard let text = current.holdAnchor, let kept = SavedHoldAnchor(storageText: text), kept.bootID == anchor.bootID
        else { return false }
        let keptEnd = kept.sinceBoot + kept.expiresIn
        let newEnd = anchor.sinceBoot + anchor.expiresIn
        let apart = keptEnd > newEnd ? keptEnd - newEnd : newEnd - keptEnd
        return apart <= sameHoldEndTolerance
    }
}

/// One hold read made while a launch shares them (`shareHoldReads`).
struct SharedHoldRead: Sendable {
    /// What the read learned, with the readings taken before it left.
    struct Answer: Sendable {
        /// The server's answer, or why there is none.
        let result: Result<HoldSnapshot, any Error>
        /// The boot clock before the request left: the anchor to save.
        let anchor: BootClock.Reading?
        /// The hold clock just before the request left.
        let sentAt: MonotonicInstant
    }

    /// The hold read.
    let holdID: HoldID
    /// The read, in flight or answered.
    let answer: Task<Answer, Never>
}
