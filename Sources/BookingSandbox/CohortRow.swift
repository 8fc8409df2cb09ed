import BookingCore
import BookingSQLite

/// One row of the dashboard's rollout groups section
/// (`/sandbox/cohorts.json`): how one group's payments end, as the server
/// sees them, beside the others': its bookings, the Unknown share (looked
/// up after their POST), the time from the POST to a final state, and
/// whether it is paused.
struct CohortRow: Encodable, Equatable, Sendable {
    var cohort: String
    var bookings: Int
    var lookedUpAfterPost: Int
    /// `lookedUpAfterPost / bookings`, 0 with no bookings.
    var unknownShare: Double
    /// Bookings that reached a final state (confirmed, failed, expired, cancelled).
    var settled: Int
    /// Milliseconds from the POST to the final state, median and 95th percentile (nil with none settled).
    var timeToOutcomeP50Ms: Int64?
    var timeToOutcomeP95Ms: Int64?
    var refusedWhilePaused: Int
    /// Why the group is paused, and by whom; nil while it pays.
    var pausedReason: String?
    var pausedBy: String?

    /// The rows now, by name, each booking's times read from `db`.
    static func rows(_ cohorts: Cohorts, _ db: Database) throws -> [CohortRow] {
        var times: [String: [Int64]] = [:]
        let statement = try db.prepare("SELECT booking_id, state, created_at_ms, updated_at_ms FROM booking")
        try statement.forEachRow { row in
            guard let state = BookingStatus(rawValue: row.string(at: 1)), state.settlesAttempt,
                let cohort = cohorts.cohort(of: row.string(at: 0))
            else { return }
            times[cohort, default: []].append(max(0, row.int64(at: 3) - row.int64(at: 2)))
        }
        return cohorts.snapshot().map { group in
            let sorted = (times[group.name] ?? []).sorted()
            func percentile(_ p: Int) -> Int64? {
                sorted.isEmpty ? nil : sorted[min(sorted.count, max(1, (p * sorted.count + 99) / 100)) - 1]
            }
            let counts = group.counts
            return CohortRow(
                cohort: group.name, bookings: counts.bookings, lookedUpAfterPost: counts.lookedUpAfterPost,
                unknownShare: counts.bookings == 0 ? 0 : Double(counts.lookedUpAfterPost) / Double(counts.bookings),
                settled: sorted.count, timeToOutcomeP50Ms: percentile(50), timeToOutcomeP95Ms: percentile(95),
                refusedWhilePaused: counts.refusedWhilePaused, pausedReason: group.paused?.reason,
                pausedBy: group.paused?.by.rawValue)
        }
    }
}
