import BookingCore
import BookingSQLite
import BookingStore
import Foundation
import TestSupport
import Testing

/// Schema step 17 (`booking_0017_sent_request`): the four tables of durable
/// requests become one, and a file made before it keeps every row, every
/// column of every row, and every open request still open.
@Suite struct SentRequestMigrationTests {
    let directory = TemporaryDirectory("sent-request-migration")

    /// The four tables step 17 replaces, each with its kind and the columns
    /// a row keeps under the same names.
    private static let oldTables: [(table: String, kind: String, columns: String)] = [
        (
            "cancel_request", "CANCEL",
            "idempotency_key, booking_id, version, quote_id, status, reason, created_at, updated_at"
        ),
        (
            "modify_request", "MODIFY",
            "idempotency_key, booking_id, quote_id, version, check_in, check_out, total_amount, difference, currency, "
                + "status, reason, created_at, updated_at"
        ),
        ("hold_release", "RELEASE", "idempotency_key, hold_id, attempt_id, status, reason, created_at, updated_at"),
        (
            "abandon_request", "ABANDON",
            "idempotency_key, booking_id, attempt_id, release_hold, status, reason, created_at, updated_at"
        ),
    ]

    /// The tables step 17 leaves alone.
    private static let keptTables = ["booking_attempt", "trip", "key_lifetime", "booked_again"]

    /// Gives `database` the schema of the release before step 17.
    private static func migrateToStep16(_ database: Database) throws {
        try Migrator(steps: ClientSchema.bookingSteps.filter { $0.name < "booking_0017" }).migrate(database)
    }

    /// Every row `sql` selects, every column as SQLite holds it.
    private func rows(_ sql: String, in database: Database) throws -> [[SQLiteValue]] {
        let statement = try database.prepare(sql)
        var rows: [[SQLiteValue]] = []
        while try statement.step() {
            rows.append((0..<statement.columnCount).map { statement.value(at: $0) })
        }
        return rows
    }

    /// What `file` holds in the four old tables and the tables kept, read
    /// before it migrates; then, read from the migrated file, the same.
    private func contents(before file: Database) throws -> [String: [[SQLiteValue]]] {
        var contents: [String: [[SQLiteValue]]] = [:]
        for old in Self.oldTables {
            contents[old.kind] = try rows("SELECT \(old.columns) FROM \(old.table) ORDER BY rowid", in: file)
        }
        for table in Self.keptTables {
            contents[table] = try rows("SELECT * FROM \(table) ORDER BY 1", in: file)
        }
        return contents
    }

    private func contents(after file: Database) throws -> [String: [[SQLiteValue]]] {
        var contents: [String: [[SQLiteValue]]] = [:]
        for old in Self.oldTables {
            contents[old.kind] = try rows(
                "SELECT \(old.columns) FROM sent_request WHERE kind = '\(old.kind)' ORDER BY rowid", in: file)
        }
        for table in Self.keptTables {
            contents[table] = try rows("SELECT * FROM \(table) ORDER BY 1", in: file)
        }
        return contents
    }

    private func tableExists(_ name: String, in database: Database) throws -> Bool {
        try database.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(name)])
            == .integer(1)
    }

    /// The rows of a directory made by the release before step 17
    /// (`Tests/Fixtures`: four stays, a cancellation, a change of dates and
    /// a release finished, and one of each left open by a dropped answer),
    /// in that release's schema, open with today's code: nothing lost, and
    /// the open requests are still what is resent.
    @Test func aDirectoryMadeByTheReleaseBeforeKeepsEveryRowAndItsOpenRequests() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/booking-before-step-17.sql")
        let old = try Database(path: directory.file("booking.sqlite"))
        try Self.migrateToStep16(old)
        try old.executeScript(try String(contentsOf: fixture, encoding: .utf8))
        let before = try contents(before: old)
        #expect(before["CANCEL"]?.count == 3 && before["MODIFY"]?.count == 2 && before["RELEASE"]?.count == 2)
        #expect(before["booking_attempt"]?.count == 8 && before["trip"]?.count == 6)

        let store = try BookingDatabase(directory: directory.path)
        #expect(try contents(after: store.database) == before)
        for old in Self.oldTables { #expect(try !tableExists(old.table, in: store.database)) }

        // Read as the client reads them: the open ones are what is resent.
        #expect(
            try store.cancels.allOpen().map(\.idempotencyKey.rawValue) == ["33ac8bd1-2133-41de-a301-8eac331ba17e"])
        #expect(try store.cancels.allOpen().first?.bookingID == BookingID("bk_fc6cf49877232bc8"))
        #expect(
            try store.modifies.allOpen().map(\.idempotencyKey.rawValue) == ["b555513c-4de4-4f3d-a2bb-1fa8a58ad047"])
        #expect(try store.modifies.requests(for: BookingID("bk_cf46b5a79b14eae6")).map(\.status) == [.modified])
        #expect(try store.releases.all().map(\.status) == [.released, .open])
        #expect(try store.hasOpenWork())
    }

    /// Rows of every kind in every status, written as step 16's tables held
    /// them (the release above made no page left): each reads back whole
    /// through today's tables.
    @Test func everyKindAndStatusWrittenBeforeStep17ReadsBackWhole() throws {
        let old = try Database(path: directory.file("booking.sqlite"))
        try Self.migrateToStep16(old)
        try old.executeScript(
            """
            INSERT INTO abandon_request VALUES ('bk_1', 'abandon-bk_1', 'a1', 1, 'OPEN', NULL, 10, 10);
            INSERT INTO abandon_request VALUES ('bk_2', 'abandon-bk_2', 'a2', 0, 'ABANDONED', NULL, 11, 12);
            INSERT INTO abandon_request VALUES ('bk_3', 'abandon-bk_3', 'a3', 0, 'REFUSED', 'BANK_PASSED', 13, 14);
            INSERT INTO hold_release VALUES ('h1', 'release-h1', 'a1', 'REFUSED', 'IN_USE_ON_DEVICE', 20, 21);
            INSERT INTO cancel_request VALUES ('k1', 'bk_1', 2, 'REFUSED', 'VERSION_CONFLICT', 30, 31, NULL);
            INSERT INTO cancel_request VALUES ('k2', 'bk_1', 3, 'OPEN', NULL, 32, 32, 'cq_1');
            INSERT INTO modify_request VALUES
                ('k3', 'bk_2', 'mq_1', 1, '2027-01-10', '2027-01-12', 20000, -500, 'EUR', 'REFUSED', 'KEY_SPENT', 40, 41);
            """)
        let before = try contents(before: old)

        let store = try BookingDatabase(directory: directory.path)
        #expect(try contents(after: store.database) == before)
        #expect(try store.abandons.allOpen().map(\.bookingID) == [BookingID("bk_1")])
        #expect(try store.abandons.allOpen().first?.releasesHold == true)
        #expect(try store.abandons.all().map(\.status) == [.open, .abandoned, .refused])
        #expect(try store.releases.release(of: HoldID("h1"))?.reason == "IN_USE_ON_DEVICE")
        #expect(try store.cancels.open(for: BookingID("bk_1"))?.quoteID == "cq_1")
        #expect(try store.modifies.requests(for: BookingID("bk_2")).first?.difference.minorUnits == -500)
        // The rules moved with the rows: a finished row stays finished.
        #expect(try !store.cancels.finish(IdempotencyKey("k1"), as: .cancelled, at: Date()))
    }
}
