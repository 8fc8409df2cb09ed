import BookingPrimitives
import BookingSQLite
import BookingStore
import Foundation

/// Reads `booking.sqlite` through its own connection, as another process
/// would: what is committed, never what the client merely holds in memory.
final class AttemptFileReader: Sendable {
    /// What the checks read of a `booking_attempt` row (I2, I3, I8, I9, I10).
    struct Row: Equatable, Sendable {
        var attemptID: String
        var key: String
        var status: String
        var version: Int64
    }

    private let path: String
    /// The reader's own connection, opened once the file exists.
    private let connection = Locked<Database?>(nil)

    init(path: String) {
        self.path = path
    }

    /// Whether the file exists (a device that was never opened has none).
    var exists: Bool { FileManager.default.fileExists(atPath: path) }

    /// The saved status of the attempt with this key; nil when there is no such row.
    func status(forKey key: String) -> String? {
        connection.withLock { connection in
            guard let database = Self.open(path, &connection) else { return nil }
            guard
                case .text(let status)? = try? database.scalar(
                    "SELECT status FROM booking_attempt WHERE idempotency_key = ?", [.text(key)])
            else { return nil }
            return status
        }
    }

    /// Every row, by attempt id.
    func rows() -> [String: Row] {
        connection.withLock { connection in
            guard let database = Self.open(path, &connection),
                let statement = try? database.prepare(
                    "SELECT attempt_id, idempotency_key, status, version FROM booking_attempt")
            else { return [:] }
            var rows: [String: Row] = [:]
            try? statement.forEachRow { row in
                let value = Row(
                    attemptID: row.string(at: 0), key: row.string(at: 1), status: row.string(at: 2),
                    version: row.int64(at: 3))
                rows[value.attemptID] = value
            }
            return rows
        }
    }

    /// The booking ids in `trip`.
    func tripBookingIDs() -> Set<String> {
        connection.withLock { connection in
            guard let database = Self.open(path, &connection),
                let statement = try? database.prepare("SELECT booking_id FROM trip")
            else {
                return []
            }
            var ids: Set<String> = []
            try? statement.forEachRow { ids.insert($0.string(at: 0)) }
            return ids
        }
    }

    /// The hold ids saved with any attempt: the holds the device knows of.
    func holdIDs() -> Set<String> {
        strings("SELECT DISTINCT hold_id FROM booking_attempt WHERE hold_id IS NOT NULL")
    }

    /// The hold saved with the attempt `attemptID`, if any.
    func holdID(ofAttempt attemptID: String) -> String? {
        connection.withLock { connection in
            guard let database = Self.open(path, &connection),
                case .text(let hold)? = try? database.scalar(
                    "SELECT hold_id FROM booking_attempt WHERE attempt_id = ?", [.text(attemptID)])
            else { return nil }
            return hold
        }
    }

    /// The holds of attempts that keep them, not paid and not given up:
    /// requested or held, or the latest attempt's when it failed (its
    /// screen still offers to pay it, as the client's releases count it).
    func keptHolds() -> Set<String> {
        strings(
            """
            SELECT hold_id FROM booking_attempt WHERE hold_id IS NOT NULL AND (status IN ('HOLD_REQUESTED', 'HELD')
              OR (status = 'FAILED' AND rowid = (SELECT rowid FROM booking_attempt WHERE \(AttemptTable.ofTheFlow)
                ORDER BY created_at DESC, rowid DESC LIMIT 1)))
            """)
    }

    /// The holds of attempts whose payment is being settled (their own
    /// chains, each settled by its key; not limited).
    func paymentPhaseHolds() -> Set<String> {
        strings(
            "SELECT hold_id FROM booking_attempt WHERE hold_id IS NOT NULL AND status IN ('PAYMENT_SUBMITTED', 'ACTION_REQUIRED', 'PROCESSING')"
        )
    }

    /// The holds given up whose release is saved and not yet answered.
    func openReleases() -> Set<String> {
        strings("SELECT hold_id FROM sent_request WHERE kind = 'RELEASE' AND status = 'OPEN'")
    }

    private func strings(_ sql: String) -> Set<String> {
        connection.withLock { connection in
            guard let database = Self.open(path, &connection), let statement = try? database.prepare(sql) else {
                return []
            }
            var values: Set<String> = []
            try? statement.forEachRow { values.insert($0.string(at: 0)) }
            return values
        }
    }

    /// Runs `body` on the reader's connection; nil before the file exists.
    func read<T>(_ body: (Database) -> T) -> T? {
        connection.withLock { connection in
            guard let database = Self.open(path, &connection) else { return nil }
            return body(database)
        }
    }

    /// Closes the connection (before the files are scanned or removed).
    func close() {
        connection.withLock { $0 = nil }
    }

    /// The connection, opened read-only on first use once the file exists.
    private static func open(_ path: String, _ connection: inout Database?) -> Database? {
        if let connection { return connection }
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        connection = try? Database(path: path, options: .init(readOnly: true))
        return connection
    }
}
