import BookingCore
import BookingSQLite
import Foundation

/// The holds the client gave up, each saved in `sent_request` (kind
/// `RELEASE`) of `booking.sqlite` before its POST leaves.
///
/// A hold is given up only when no attempt on this device still uses it:
/// every attempt saved with it is `FAILED` or `ABANDONED` (never one being
/// held, paid or settled, and never a confirmed one). The check and the
/// insert are one statement, so a hold another process just started paying
/// again is never given up.
///
/// Uses its database's connection; like it, not `Sendable`.
package struct HoldReleaseTable: RequestTable {
    package typealias Request = HoldRelease
    package typealias Status = HoldRelease.Status
    package typealias RowName = HoldID
    package static let kind = "RELEASE"
    package static let finishedBy = "hold_id"
    package let database: Database

    /// The table over `database`'s connection.
    package init(database: Database) {
        self.database = database
    }

    package static let columns = "hold_id, idempotency_key, attempt_id, status, reason, created_at, updated_at"

    /// The attempts that leave a hold free to give up.
    private static let letGo = "('FAILED', 'ABANDONED')"

    /// A release finished without being sent because an attempt on the
    /// device paid the hold again (`HoldRelease.inUseOnDevice`): given up
    /// once more when that attempt lets it go too.
    private static let refusedInUse = "(status = 'REFUSED' AND reason = '\(HoldRelease.inUseOnDevice)')"

    /// Saves a release of `hold`, given up by `attempt`, when no
    /// attempt on the device uses the hold any more; a hold saved before
    /// keeps its request (and key), except one refused because an attempt
    /// here paid the hold again: that one is saved open anew (same key), as
    /// the hold is given up again. Returns the hold's request, or nil when
    /// an attempt still uses the hold (nothing saved). Durable on return.
    @discardableResult
    package func save(hold: HoldID, attempt: AttemptID, at date: Date) throws -> HoldRelease? {
        let key = HoldRelease.key(for: hold)
        let unused = "NOT EXISTS (SELECT 1 FROM booking_attempt WHERE hold_id = ?1 AND status NOT IN \(Self.letGo))"
        try database.transaction {
            // A finished row never changes (the schema's trigger), so the
            // refused one is replaced, in this transaction.
            try database.run(
                "DELETE FROM sent_request WHERE hold_id = ?1 AND \(Self.refusedInUse) AND \(unused)",
                [.text(hold.rawValue)])
            try database.run(
                """
                INSERT INTO sent_request (kind, \(Self.columns))
                SELECT 'RELEASE', ?1, ?2, ?3, 'OPEN', NULL, ?4, ?4
                WHERE \(unused)
                ON CONFLICT (hold_id) DO NOTHING
                """,
                [.text(hold.rawValue), .text(key.rawValue), .text(attempt.rawValue), .integer(date.unixMilliseconds)])
        }
        return try release(of: hold)
    }

    /// Saves a release for every hold the device let go without one (or
    /// with one refused because it was paid again here): each
    /// hold of an attempt changed since `since` whose attempts are all
    /// `FAILED` or `ABANDONED`, except the hold of the latest attempt of the flow (`AttemptTable.latest()`) when
    /// that attempt is `FAILED` (its screen still offers to pay it again).
    /// Returns the requests saved.
    package func saveForgotten(since: Date, at date: Date) throws -> [HoldRelease] {
        let statement = try database.cachedStatement(
            """
            SELECT a.hold_id, max(a.attempt_id) FROM booking_attempt a
            WHERE a.hold_id IS NOT NULL AND a.updated_at >= ?1
              AND a.hold_id NOT IN (SELECT hold_id FROM sent_request WHERE \(Self.ofKind) AND NOT \(Self.refusedInUse))
              AND a.hold_id IS NOT (
                  SELECT hold_id FROM booking_attempt WHERE status = 'FAILED' AND rowid = (
                      SELECT rowid FROM booking_attempt WHERE \(AttemptTable.ofTheFlow)
                      ORDER BY created_at DESC, rowid DESC LIMIT 1))
            GROUP BY a.hold_id
            HAVING sum(a.status NOT IN \(Self.letGo)) = 0
              AND NOT EXISTS (
                  SELECT 1 FROM booking_attempt b WHERE b.hold_id = a.hold_id AND b.status NOT IN \(Self.letGo))
            """)
        var found: [(HoldID, AttemptID)] = []
        do {
            defer { statement.reset() }
            try statement.bind(since.unixMilliseconds, at: 1)
            while try statement.step() {
                found.append((HoldID(statement.string(at: 0)), AttemptID(statement.string(at: 1))))
            }
        }
        return try found.compactMap { hold, attempt in
            try save(hold: hold, attempt: attempt, at: date)
        }
    }

    /// Whether an attempt on the device uses `hold` (held, paid, being
    /// settled, or confirmed): then it must not be given up.
    package func isInUse(_ hold: HoldID) throws -> Bool {
        let value = try database.scalar(
            "SELECT EXISTS (SELECT 1 FROM booking_attempt WHERE hold_id = ? AND status NOT IN \(Self.letGo))",
            [.text(hold.rawValue)])
        return value == .integer(1)
    }

    /// Replaces an open request's spent key with `key` (the server replayed
    /// a failure it stored for the old one, and never runs that key again),
    /// keeping the request open, its attempt and its age: one conditional
    /// delete of the row with the spent key and an insert, in one
    /// transaction (the schema fixes a row's key once saved). Of two
    /// processes renewing the same key, one wins; the other finds the row
    /// changed and sends the winner's key next time. Returns whether this
    /// call renewed it. Durable on return.
    @discardableResult
    package func renew(_ hold: HoldID, spent: IdempotencyKey, as key: IdempotencyKey, at date: Date) throws -> Bool {
        try database.transaction {
            guard let open = try release(of: hold), open.status == .open, open.idempotencyKey == spent,
                try database.compareAndSet(
                    "DELETE FROM sent_request WHERE hold_id = ?1 AND idempotency_key = ?2 AND status = 'OPEN'",
                    [.text(hold.rawValue), .text(spent.rawValue)])
            else { return false }
            try database.run(
                "INSERT INTO sent_request (kind, \(Self.columns)) VALUES ('RELEASE', ?1, ?2, ?3, 'OPEN', NULL, ?4, ?5)",
                [
                    .text(hold.rawValue), .text(key.rawValue), .text(open.attemptID.rawValue),
                    .integer(open.createdAt.unixMilliseconds), .integer(date.unixMilliseconds),
                ])
            return true
        }
    }

    /// The request for `hold`, if any.
    package func release(of hold: HoldID) throws -> HoldRelease? {
        try rows("SELECT \(Self.columns) FROM sent_request WHERE hold_id = ?", hold.rawValue).first
    }

    package static func request(from row: Statement) throws -> HoldRelease {
        let status = try Self.status(at: 3, of: row)
        return HoldRelease(
            holdID: HoldID(row.string(at: 0)), idempotencyKey: IdempotencyKey(row.string(at: 1)),
            attemptID: AttemptID(row.string(at: 2)), status: status, reason: row.optionalString(at: 4),
            createdAt: Date(unixMilliseconds: row.int64(at: 5)), updatedAt: Date(unixMilliseconds: row.int64(at: 6)))
    }
}

extension BookingDatabase {
    /// The holds given up.
    package var releases: HoldReleaseTable { HoldReleaseTable(database: database) }
}
