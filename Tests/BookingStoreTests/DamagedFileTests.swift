import BookingCore
import BookingSQLite
import BookingStore
import Foundation
import TestSupport
import Testing

/// Bad files get a clear typed error and lose nothing; `booking.sqlite` is
/// never deleted, `cache.sqlite` is rebuilt.
@Suite struct DamagedFileTests {
    let directory = TemporaryDirectory("store-damage")
    var bookingPath: String { directory.file(BookingDatabase.fileName) }

    private func contents(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// A booking.sqlite with `trips` rows, checkpointed into the main file and closed.
    private func makeBookingFile(trips: Int) throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.database.transaction {
            for index in 0..<trips {
                try store.trips.upsert(Fixtures.trip(String(format: "b%05d", index)))
            }
        }
        try store.database.pragma("wal_checkpoint", set: "TRUNCATE")
    }

    /// Whether any of opening, reading every trip or checking integrity reports the damage.
    private func damageIsReported() -> Bool {
        do {
            let store = try BookingDatabase(directory: directory.path)
            _ = try store.trips.all()
            return try store.integrityCheck() != ["ok"]
        } catch let error as SQLiteError {
            return error.isCorrupt
        } catch {
            return false
        }
    }

    @Test func aBookingFileThatIsNotADatabaseIsReportedAndKept() throws {
        let garbage = Data(repeating: 0x42, count: 8_192)
        try garbage.write(to: URL(fileURLWithPath: bookingPath))
        let error = #expect(throws: SQLiteError.self) { try BookingDatabase(directory: directory.path) }
        #expect(error?.isCorrupt == true)
        #expect(try contents(bookingPath) == garbage)
    }

    @Test func aTruncatedBookingFileIsReportedAndKept() throws {
        try makeBookingFile(trips: 400)
        let whole = try contents(bookingPath)
        let truncated = whole.prefix(whole.count / 3)
        try truncated.write(to: URL(fileURLWithPath: bookingPath))
        #expect(damageIsReported())
        #expect(FileManager.default.fileExists(atPath: bookingPath))
    }

    @Test func aByteFlippedBookingFileIsReportedAndKept() throws {
        try makeBookingFile(trips: 400)
        let pageSize: Int
        let rootPage: Int
        do {
            let reader = try Database(path: bookingPath, options: .init(readOnly: true))
            guard case .integer(let size)? = try reader.scalar("PRAGMA page_size"),
                case .integer(let root)? = try reader.scalar("SELECT rootpage FROM sqlite_schema WHERE name = 'trip'")
            else {
                Issue.record("cannot read the layout")
                return
            }
            pageSize = Int(size)
            rootPage = Int(root)
        }
        var bytes = try contents(bookingPath)
        // Flip the b-tree page-type byte of the trip table's root page.
        bytes[(rootPage - 1) * pageSize] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: bookingPath))
        #expect(damageIsReported())
        #expect(try contents(bookingPath) == bytes)
    }

    @Test func aBookingFileFromANewerBuildIsRefusedAndKept() throws {
        try makeBookingFile(trips: 1)
        do {
            let database = try Database(path: bookingPath)
            try database.execute("INSERT INTO schema_migration (name) VALUES ('booking_9999_future')")
        }
        let error = #expect(throws: MigrationError.self) { try BookingDatabase(directory: directory.path) }
        #expect(error?.description.contains("booking_9999_future") == true)
        let reader = try Database(path: bookingPath, options: .init(readOnly: true))
        #expect(try reader.scalar("SELECT count(*) FROM trip") == .integer(1))
    }

    @Test func aReadOnlyBookingFileIsAClearErrorAndItsRowsSurvive() throws {
        try makeBookingFile(trips: 3)
        if let problem = FileProtection.makeReadOnly(bookingPath) {
            Issue.record("\(problem)")
            return
        }
        let error = #expect(throws: SQLiteError.self) { try BookingDatabase(directory: directory.path) }
        #expect(error?.isReadOnly == true)
        FileProtection.makeWritable(bookingPath)
        #expect(try BookingDatabase(directory: directory.path).trips.count() == 3)
    }

    @Test func aReadOnlyDirectoryIsAClearErrorAndItsRowsSurvive() throws {
        try makeBookingFile(trips: 3)
        // WAL needs to create the -wal and -shm files beside the database.
        if let problem = FileProtection.makeReadOnly(directory.path) {
            Issue.record("\(problem)")
            return
        }
        let error = #expect(throws: SQLiteError.self) {
            let store = try BookingDatabase(directory: directory.path)
            try store.attempts.insert(Fixtures.attempt("a1"))
        }
        #expect(error != nil)
        FileProtection.makeWritable(directory.path)
        let store = try BookingDatabase(directory: directory.path)
        #expect(try store.trips.count() == 3)
        #expect(try store.attempts.count() == 0)
    }

    @Test func aDatabaseHeldByAnotherProcessFailsWithBusyAfterTheTimeoutAndLosesNothing() async throws {
        let probe = try #require(BuiltProducts.executable("store-probe"), "store-probe is not built")
        try makeBookingFile(trips: 0)
        try BookingDatabase(directory: directory.path).attempts.insert(
            Fixtures.attempt("before", phase: .paymentSubmitted))
        let path = bookingPath
        let holder = try ChildProcess(probe, ["lock-exclusive", path])
        #expect(try await onOwnThread { holder.waitForOutput(containing: "locked") })
        let directoryPath = directory.path
        // The insert waits out the busy timeout: off the cooperative pool.
        let (error, waited) = try await onOwnThread { () -> (SQLiteError?, TimeInterval) in
            let store = try BookingDatabase(directory: directoryPath, busyTimeoutMilliseconds: 300)
            let started = Date()
            do {
                try store.attempts.insert(Fixtures.attempt("during", phase: .paymentSubmitted))
                return (nil, Date().timeIntervalSince(started))
            } catch let error as SQLiteError {
                return (error, Date().timeIntervalSince(started))
            }
        }
        #expect(error?.isBusy == true)
        #expect(waited >= 0.25)  // it waited for the timeout first
        let result = try await onOwnThread { holder.finish() }
        #expect(result.status == 0, "\(result.standardError)")
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.attempt("after", phase: .paymentSubmitted))
        #expect(try store.attempts.count() == 2)
        #expect(try store.attempts.attempt(id: AttemptID("during")) == nil)
    }

    @Test func aFullDiskFailsTheInsertWithFullAndKeepsEveryEarlierRow() throws {
        let store = try BookingDatabase(directory: directory.path)
        guard case .integer(let pages)? = try store.database.scalar("PRAGMA page_count") else {
            Issue.record("no page count")
            return
        }
        try store.database.pragma("max_page_count", set: String(pages + 2))
        var inserted = 0
        var failure: SQLiteError?
        for index in 0..<10_000 {
            do {
                try store.attempts.insert(Fixtures.attempt(String(format: "a%05d", index), phase: .paymentSubmitted))
                inserted += 1
            } catch let error as SQLiteError {
                failure = error
                break
            }
        }
        #expect(failure?.isFull == true)
        #expect(inserted > 0)
        #expect(try store.attempts.count() == inserted)
        #expect(try store.attempts.attempt(id: AttemptID(String(format: "a%05d", inserted))) == nil)
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func aCorruptCacheIsReplacedAndBookingSqliteIsNeverTouched() throws {
        try makeBookingFile(trips: 2)
        let bookingBefore = try contents(bookingPath)
        let cachePath = directory.file(CacheDatabase.fileName)
        try Data(repeating: 0x17, count: 4_096).write(to: URL(fileURLWithPath: cachePath))
        let cache = try CacheDatabase(directory: directory.path)
        #expect(cache.rebuildCount == 1)
        try cache.recentSearches.recordUse(query: "Lisbon", placeID: "lis", at: Fixtures.epoch)
        #expect(try cache.recentSearches.mostRecent(limit: 5).count == 1)
        #expect(try contents(bookingPath) == bookingBefore)
    }

    @Test func aCacheDamagedWhileOpenIsRebuiltByRecovering() throws {
        let cache = try CacheDatabase(directory: directory.path)
        try cache.recentSearches.recordUse(query: "Tokyo", placeID: nil, at: Fixtures.epoch)
        let entries = try cache.recovering { cache -> Int in
            if cache.rebuildCount == 0 { throw SQLiteError.corruption("simulated damage") }
            return try cache.recentSearches.mostRecent(limit: 5).count
        }
        #expect(cache.rebuildCount == 1)
        #expect(entries == 0)  // rebuilt empty
    }

    /// Opening the cache reads its schema, never the whole file (a full
    /// cache made every launch read 16 MiB): damage inside it is met at the
    /// first read, and `recovering` rebuilds it then, empty.
    @Test func aCacheDamagedInsideOpensAtOnceAndIsRebuiltAtTheFirstRead() throws {
        let now = Fixtures.epoch
        do {
            let cache = try CacheDatabase(directory: directory.path)
            let items = "[" + String(repeating: #"{"offerId":"o1"},"#, count: 1_000) + #"{"offerId":"o2"}]"#
            for index in 0..<50 {
                try cache.resultPages.put(
                    ResultPage(queryKey: "k\(index)", pageIndex: 0, itemsJSON: items, nextCursor: nil, quotedAt: now),
                    at: now)
            }
        }
        let path = directory.file(CacheDatabase.fileName)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        #expect(size > 400_000)
        try handle.seek(toOffset: size / 2 / 4_096 * 4_096)
        try handle.write(contentsOf: Data(repeating: 0x17, count: 4 * 4_096))
        try handle.close()

        let cache = try CacheDatabase(directory: directory.path)
        #expect(cache.rebuildCount == 0)
        let found = try cache.recovering { cache in
            try (0..<50).filter { try cache.resultPages.page(queryKey: "k\($0)", pageIndex: 0) != nil }.count
        }
        #expect(cache.rebuildCount == 1)
        #expect(found == 0)  // rebuilt empty
        try cache.recentSearches.recordUse(query: "Lisbon", placeID: "lis", at: now)
        #expect(try cache.recentSearches.mostRecent(limit: 5).count == 1)
    }

    @Test func anAttemptInsertedJustBeforeSIGKILLIsThereAfterReopening() async throws {
        let probe = try #require(BuiltProducts.executable("store-probe"), "store-probe is not built")
        let child = try ChildProcess(probe, ["insert-and-wait", directory.path, "killed-1"])
        #expect(try await onOwnThread { child.waitForOutput(containing: "inserted killed-1") })
        child.kill(SIGKILL)
        let result = try await onOwnThread { child.finish() }
        #expect(result.uncaughtSignal && result.status == SIGKILL)
        let store = try BookingDatabase(directory: directory.path)
        #expect(try store.attempts.attempt(id: AttemptID("killed-1"))?.idempotencyKey == IdempotencyKey("key-killed-1"))
        #expect(try store.integrityCheck() == ["ok"])
    }
}
