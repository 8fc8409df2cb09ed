import BookingAPI
import BookingCore
import BookingSQLite
import BookingStore
import Foundation

extension TripRepository {
    /// Settles every open cancellation, then every open change of dates
    /// (`settleModifies`), with the server: the launch-time job
    /// (`booking reconcile`, and every launch of the CLI).
    ///
    /// Unlike the reconciliation of payments it may POST: each open request
    /// is looked up (`GET /v1/bookings/{id}`), and while the server still
    /// has the booking confirmed at the version the request names, its POST
    /// is resent with the request's own key and version. The server replays
    /// a request it already ran under that key, and cancels a given version
    /// at most once (a cancelled booking is never confirmed again), so any
    /// number of processes resending it refund at most once. A request the
    /// server refuses is closed; one it cannot be asked about stays open.
    package func settleCancels() async -> CancelReport {
        // Opens like `BookingRepository.reconcile` (`LaunchJobReport`), and
        // then goes its own way: that one sends GETs, several at once; this
        // one resends POSTs one at a time and sorts refusals from pending
        // requests.
        //
        // One reconciliation at a time per data directory: a run that finds
        // another at it leaves the open requests to that one and reports
        // nothing cancelled, so each run reports only what it did.
        var lock: FileLock?
        if api != nil {
            do {
                lock = try FileLock.acquire(path: Self.reconcileLockPath(store.database.path))
            } catch {
                var report = CancelReport()
                report.noteError("cannot take the lock of the cancellations: \(error)")
                return report
            }
            guard lock != nil else {
                var report = CancelReport()
                report.messages.append(Self.settledElsewhere)
                return report
            }
        }
        defer { withExtendedLifetime(lock) {} }
        let opened = CancelReport.opening("the open cancellations") { try store.cancels.allOpen() }
        var report = opened.report
        guard let open = opened.rows else { return report }
        guard let api else {
            report.stillPending = open.count
            return report
        }
        for request in open {
            do {
                _ = try await settle(request, api: api, resumed: true, boundary: nil)
                report.cancelled += 1
            } catch CancelError.refused(let id, let code, _, _) {
                // Unreadable counts as closed: the report says refused, as the server did.
                if (try? store.cancels.request(key: request.idempotencyKey))??.status == .open {
                    // Kept for the account that made it (see `lookUp`).
                    report.stillPending += 1
                    report.messages.append("cancellation of \(id) kept open: \(code) for this account")
                } else {
                    report.noteRefused("cancellation of \(id)", code: code)
                }
            } catch CancelError.quoteChanged(let id, _) {
                // The accepted quote no longer holds: closed, nothing cancelled (the row keeps the code).
                let code = (try? store.cancels.request(key: request.idempotencyKey))??.reason
                report.noteRefused("cancellation of \(id)", code: code ?? "QUOTE_CHANGED")
            } catch CancelError.pending(let id, _, let detail) {
                report.notePending("cancellation of \(id)", detail)
            } catch {
                report.noteError("cancellation of \(request.bookingID): \(error)")
            }
        }
        await settleModifies(api: api, into: &report)
        await refreshPendingRefunds(into: &report)
        return report
    }

    /// The report's line when another run is settling the cancellations.
    static let settledElsewhere =
        "another `booking` run is settling the open cancellations now; this one left them to it"

    /// The lock file of the cancellations' reconciliation, beside `booking.sqlite` at `databasePath`.
    static func reconcileLockPath(_ databasePath: String) -> String {
        ((databasePath as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent(".cancel-reconcile.lock")
    }
}
