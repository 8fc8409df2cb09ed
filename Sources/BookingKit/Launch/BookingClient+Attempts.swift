// The saved attempts, read for the command line's reports (`status`,
// `reconcile`, what `hold` replaces): the database only, no network.
extension BookingClient {
    /// The latest attempt saved on this device, final or not.
    package func latestAttempt() async throws -> SavedAttempt? {
        try await runtime.repository.latestAttempt()
    }

    /// The attempts not final yet, oldest first.
    package func openAttempts() async throws -> [SavedAttempt] {
        try await runtime.repository.nonFinalAttempts()
    }

    /// The saved attempt `id`.
    package func savedAttempt(_ id: AttemptID) async throws -> SavedAttempt? {
        try await runtime.repository.attempt(id)
    }

    /// The unpaid hold a new attempt would replace, if any.
    package func currentHold() async throws -> SavedAttempt? {
        try await runtime.repository.currentHold()
    }

    /// Copies what the WAL holds into `booking.sqlite`, so that the file
    /// alone (a copy, a backup) holds every booking: the launch job does it
    /// after its last write. Two syncs; never part of a hold or a payment.
    /// Logged, not thrown, when it cannot run (a full disk: the WAL keeps
    /// everything, and the next one copies it).
    package func copyJournalIntoFile() async {
        do {
            if try await !runtime.repository.checkpoint() {
                logger.log(.info, "a reader kept part of the WAL from the file; the next checkpoint copies it")
            }
        } catch {
            logger.warning("cannot copy the WAL into booking.sqlite", error: error)
        }
    }

    /// Settles every open attempt with the server now (GETs only): the
    /// reconciliation job, with the rooms held for the user counted apart.
    public func reconcile() async -> ReconcileReport {
        var report = await runtime.repository.reconcile()
        do {
            report.separateHeld(try await runtime.repository.nonFinalAttempts().filter { $0.phase == .held }.count)
        } catch {
            report.errors += 1
            report.errorMessages.append("cannot read the attempts left open: \(error)")
        }
        return report
    }

    /// Settles every saved cancellation with the server now, and reads
    /// again the trips whose refund is still pending; an empty report when
    /// there is neither.
    package func settleCancellationsAndRefunds() async -> CancelReport {
        if let report = await settleCancellations() { return report }
        return await refreshPendingRefunds()
    }
}
