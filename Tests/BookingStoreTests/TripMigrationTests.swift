import BookingCore
import BookingSQLite
import BookingStore
import Foundation
import TestSupport
import Testing

/// Schema step 3 (`booking_0003_trip_columns`): a file written by steps 1-2
/// migrates in place, once, every trip kept, and lists what it listed
/// before byte for byte; the step is one transaction (a SIGKILL half-way
/// leaves the file whole); a row the new CHECKs refuse is named, not lost.
@Suite struct TripMigrationTests {
    let directory = TemporaryDirectory("trip-migration")

    private var bookingPath: String { directory.file("booking.sqlite") }

    /// A `booking.sqlite` as steps 1-2 wrote it.
    private func oldFile() throws -> Database {
        let database = try Database(path: bookingPath)
        try Migrator(steps: Array(ClientSchema.bookingSteps.prefix(2))).migrate(database)
        return database
    }

    private func booking(_ arguments: [String]) throws -> ChildProcess.Result {
        let path = try #require(BuiltProducts.executable("booking"), "the booking executable is not built")
        return ChildProcess.run(
            path, arguments + ["--data-dir", directory.path, "--server", "http://127.0.0.1:1"])
    }

    private func stepsApplied(_ database: Database) throws -> [String] {
        let statement = try database.prepare("SELECT name FROM schema_migration ORDER BY name")
        var names: [String] = []
        while try statement.step() { names.append(statement.string(at: 0)) }
        return names
    }

    @Test func anOldFileMigratesOnceAndListsTheSameTripsByteForByte() throws {
        try oldFile().execute(TripMigrationFixture.tripsSQL)
        let first = try booking(["trips", "--json"])
        #expect(first.status == 0, "\(first.standardError)")
        let trips = try #require(first.standardOutput.range(of: "\n  ],\n  \"offline\""))
        #expect(String(first.standardOutput[..<trips.upperBound]) == TripMigrationFixture.jsonBefore)
        let text = try booking(["trips"])
        #expect(text.status == 0)
        #expect(text.standardOutput.hasPrefix(TripMigrationFixture.textBefore))
        // The two rows whose JSON never had a trip's shape are named on stderr.
        for id in ["bk_d4", "bk_e5"] { #expect(text.standardError.contains(id), "\(text.standardError)") }
        let database = try Database(path: bookingPath)
        #expect(try stepsApplied(database).contains("booking_0003_trip_columns"))
        #expect(
            try database.scalar("SELECT count(*) FROM schema_migration WHERE name LIKE 'booking_0003%'") == .integer(1))
        #expect(try database.scalar("SELECT count(*) FROM trip") == .integer(6))
    }

    @Test func aRowTheChecksRefuseIsNamedAndSkippedAndTheRestListed() throws {
        // A damaged file: values the CHECKs refuse, one a list line shows (a
        // negative total), one only the details show.
        let store = try TripMigrationFixture.store(
            in: directory.path,
            damagedBy: """
                UPDATE trip SET price_total = -1 WHERE booking_id = 'bk_a1';
                UPDATE trip SET guests = 0 WHERE booking_id = 'bk_b2';
                """)
        var skipped: [TripTable.Skipped] = []
        var listed: [String] = []
        try store.trips.forEach(skipping: { skipped.append($0) }) { listed.append($0.bookingID.rawValue) }
        #expect(skipped.map(\.bookingID) == ["bk_a1", "bk_b2"])
        #expect(listed == ["bk_c3", "bk_f6", "bk_d4", "bk_e5"])
        var lines: [String] = []
        try store.trips.forEachLine(skipping: { skipped.append($0) }) { lines.append($0.bookingID.rawValue) }
        #expect(skipped.map(\.bookingID) == ["bk_a1", "bk_b2", "bk_a1"])
        #expect(lines == ["bk_c3", "bk_f6", "bk_b2", "bk_d4", "bk_e5"])
        for arguments in [["trips"], ["trips", "--json"]] {
            let run = try booking(arguments)
            #expect(run.status == 0)
            #expect(run.standardError.contains("bk_a1"))
            #expect(!run.standardOutput.contains("bk_a1"))
            #expect(run.standardOutput.contains("bk_c3"))
        }
        // The details show every column: the row with a damaged guest count is refused there.
        #expect(throws: StoreError.self) { try store.trips.trip(id: BookingID("bk_b2")) }
        // The schema itself refuses it on any write.
        #expect(throws: SQLiteError.self) {
            try store.database.execute("UPDATE trip SET price_total = -1 WHERE booking_id = 'bk_c3'")
        }
    }

    @Test func theMigrationSkipsAValueTheChecksRefuseAndKeepsTheRow() throws {
        let database = try oldFile()
        try database.execute(TripMigrationFixture.tripsSQL)
        try database.execute(
            "UPDATE trip SET property_json = json_set(property_json, '$.property.stars', 9) WHERE booking_id = 'bk_a1'")
        let store = try BookingDatabase(directory: directory.path)
        #expect(try store.trips.count() == 6)
        let kept = try #require(try store.trips.trip(id: BookingID("bk_a1")))
        #expect(kept.summary == nil)
        #expect(kept.voucherCode == "BK-000001")
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func aMigrationKilledHalfWayLeavesTheFileWholeAndMigratesLater() throws {
        let trips = 60_000
        do {
            let database = try oldFile()
            try database.execute(TripMigrationFixture.manyTripsSQL(count: trips))
            _ = try database.pragma("wal_checkpoint", set: "TRUNCATE")
        }
        let path = try #require(BuiltProducts.executable("booking"), "the booking executable is not built")
        let child = try ChildProcess(
            path, ["trips", "--data-dir", directory.path, "--server", "http://127.0.0.1:1"])
        // The step's transaction is under way once its pages spill into the WAL.
        let wal = bookingPath + "-wal"
        let spilled = Poll.blockingUntil(every: .microseconds(500)) {
            ((try? FileManager.default.attributesOfItem(atPath: wal))?[.size] as? Int ?? 0) >= 1 << 20
        }
        child.kill(SIGKILL)
        let result = child.finish()
        #expect(spilled)
        #expect(result.uncaughtSignal, "the migration ended before the kill: use more trips")
        let database = try Database(path: bookingPath)
        #expect(try database.pragma("integrity_check") == "ok")
        #expect(try !stepsApplied(database).contains("booking_0003_trip_columns"))
        #expect(try database.scalar("SELECT count(*) FROM trip") == .integer(Int64(trips)))
        let store = try BookingDatabase(directory: directory.path)
        #expect(try store.trips.count() == trips)
        #expect(try store.database.scalar("SELECT count(*) FROM trip WHERE property_name IS NULL") == .integer(0))
    }
}
