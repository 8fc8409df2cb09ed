import BookingAPI
import BookingCore
import BookingStore
import Foundation

extension BookingRepository {
    /// Settles every non-final attempt with the server: the launch-time job.
    ///
    /// For attempts it sends GETs (a lookup by key, a hold read) and one
    /// POST only: a hold request whose answer never came clear, sent again
    /// with its own key and body (`settleUnclearHold`), which the server
    /// de-duplicates; so two processes reconciling the same database at once
    /// never make anything twice; what they learn is applied forward-only.
    /// At most `configuration.reconcileConcurrency` requests are in flight
    /// at once. Then it gives up the holds the device let go
    /// (`settleReleases`): each release is one POST per hold under the
    /// hold's own key, the same in every process, so two processes sending
    /// it at once release once.
    package func reconcile() async -> ReconcileReport {
        // A pending 3-D Secure the user left is ended first, so the
        // attempts below read it settled.
        _ = await settleAbandons()
        var report = await settleAttempts()
        let releases = await settleReleases()
        report.holdsReleased = releases.filter { $0 == .released }.count
        report.releasesOpen = releases.filter { $0 == .open }.count
        return report
    }

    private func settleAttempts() async -> ReconcileReport {
        // Opens like `TripRepository.settleCancels` (`LaunchJobReport`),
        // and then goes its own way: this one sends GETs, several at once;
        // that one resends POSTs one at a time and sorts refusals from
        // pending requests.
        let opened = ReconcileReport.opening("attempts") { try store.attempts.nonFinal() }
        var report = opened.report
        guard let attempts = opened.rows else { return report }
        let width = configuration.reconcileConcurrency
        await withTaskGroup(of: AttemptSettlement.self) { group in
            var next = 0
            while next < min(width, attempts.count) {
                let record = attempts[next]
                group.addTask { await self.settle(record) }
                next += 1
            }
            while let settlement = await group.next() {
                report.add(settlement)
                if next < attempts.count {
                    let record = attempts[next]
                    group.addTask { await self.settle(record) }
                    next += 1
                }
            }
        }
        return report
    }

    /// Settles one attempt by asking the server.
    func settle(_ record: SavedAttempt) async -> AttemptSettlement {
        let age = currentDate().timeIntervalSince(record.createdAt)
        do {
            switch record.phase {
            case .holdRequested:
                // The hold's answer never arrived, unless it may still be in
                // flight in another process: asked again under its key.
                if age < configuration.inFlightGrace { return .pending }
                return await settleUnclearHold(record)
            case .held:
                let hold = try await readHold(record.attemptID, anchor: BootClock.current(), requiringTheSave: true)
                switch hold.state {
                case .expired: return .expired
                case .booked:
                    // Paid by another device of the account, under its own key.
                    if await settleBookedElsewhere(record.attemptID, hold: hold) { return .bookedElsewhere }
                    return try await settleByLookup(record, age: age)
                case .held: return .pending
                }
            case .paymentSubmitted, .actionRequired, .processing:
                return try await settleByLookup(record, age: age)
            case .confirmed, .failed, .expired, .cancelled, .abandoned:
                return .pending
            }
        } catch APIError.notFound where record.phase == .held {
            return .expired  // the server has no such hold any more: `readHold` saved it
        } catch {
            return .error("attempt \(record.attemptID): \(error)")
        }
    }

    private func settleByLookup(_ record: SavedAttempt, age: TimeInterval) async throws -> AttemptSettlement {
        guard let booking = try await lookUp(record.attemptID) else {
            // The server made no booking under this key. Within the key's
            // lifetime the request may still arrive (or be running in
            // another process); past it, it never will. Nor will it once the
            // hold has ended: the server refuses to pay an ended hold. The
            // age is the device's wall clock, which may be set forward: so
            // past the lifetime the key is closed, and only the server's
            // answer (CLOSED, or the booking made under it) settles it.
            if age > keyLifetime() { return await settleByClosing(record) }
            if record.phase == .paymentSubmitted, try await holdHasEnded(record) {
                return try await concludeNotPaidAfterLookup(record)
            }
            return .pending
        }
        switch booking.state {
        case .confirmed: return .confirmed
        case .failed: return .failed
        case .expired: return .expired
        case .cancelled: return .cancelled
        case .held, .paymentRequired, .actionRequired, .processing: return .pending
        }
    }

    /// Closes the key of an attempt whose lookup found nothing, and settles
    /// it by the server's answer: `CLOSED` is a certain "not paid" (saved
    /// `FAILED`), a booking made under the key is saved as it is; anything
    /// else leaves it open.
    private func settleByClosing(_ record: SavedAttempt) async -> AttemptSettlement {
        switch await closeKey(record.attemptID) {
        case .closed: return .failed
        case .used(let booking):
            switch booking.status {
            case .confirmed: return .confirmed
            case .failed: return .failed
            case .expired: return .expired
            case .cancelled: return .cancelled
            case .held, .paymentRequired, .actionRequired, .processing: return .pending
            }
        case .inUse, .unreachable, .unsupported, .credentialRefused: return .pending
        }
    }

    /// Whether the server says the attempt's hold ended (read, never paid:
    /// this job sends no POST; the resend with the same key is the flow's).
    private func holdHasEnded(_ record: SavedAttempt) async throws -> Bool {
        guard record.holdID != nil else { return false }
        do {
            return try await readHold(record.attemptID, anchor: nil).state == .expired
        } catch APIError.notFound {
            return true
        }
    }

    /// The hold ended with no booking under the key: one more lookup, after
    /// the hold's end, then "not paid" (`FAILED`) if it still finds none.
    private func concludeNotPaidAfterLookup(_ record: SavedAttempt) async throws -> AttemptSettlement {
        if let booking = try await lookUp(record.attemptID) {
            return booking.state == .confirmed ? .confirmed : .pending
        }
        do {
            return try concludeNotPaid(record.attemptID) ? .failed : .pending
        } catch {
            logger.error("cannot save the attempt as not paid", error: error, ["attempt": record.attemptID.rawValue])
            return .pending
        }
    }

    func finish(_ record: SavedAttempt, _ phase: AttemptPhase) -> AttemptSettlement {
        let moved: Bool
        do {
            moved = try store.update(AttemptChange(attemptID: record.attemptID, phase: phase), at: currentDate())
        } catch {
            logger.error(
                "cannot save the attempt's settled phase", error: error,
                ["attempt": record.attemptID.rawValue, "phase": phase.rawValue])
            return .pending
        }
        guard moved else { return .pending }
        return phase == .failed ? .failed : .expired
    }
}
