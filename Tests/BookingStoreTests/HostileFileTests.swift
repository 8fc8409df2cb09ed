import BookingCore
import BookingSQLite
import BookingStore
import Foundation
import TestSupport
import Testing

/// What the store does when the world around its files is hostile: links
/// planted where its files belong, a loose data directory, a file emptied
/// behind its back, a file it may only read.
@Suite struct HostileFileTests {
    let directory = TemporaryDirectory("store-hostile")
    let outside = TemporaryDirectory("store-outside")

    /// Another data directory's booking.sqlite, with one trip, made `0644`
    /// and closed: what a planted link would point to.
    private func outsideDatabase() throws -> (path: String, bytes: Data) {
        try outside.looseFile(BookingDatabase.fileName) { _ in try makeBookingFile(in: outside.path, trips: 1) }
    }

    /// A booking.sqlite with `trips` rows, checkpointed and closed.
    private func makeBookingFile(in directory: String? = nil, trips: Int) throws {
        let store = try BookingDatabase(directory: directory ?? self.directory.path)
        try store.database.transaction {
            for index in 0..<trips { try store.trips.upsert(Fixtures.trip(String(format: "b%05d", index))) }
        }
        try store.database.pragma("wal_checkpoint", set: "TRUNCATE")
    }

    @Test func aBookingFileThatIsASymbolicLinkIsRefusedAndItsTargetKeepsModeAndBytes() throws {
        let (target, bytes) = try outsideDatabase()
        let path = directory.file(BookingDatabase.fileName)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        let error = #expect(throws: SQLiteError.self) { try BookingDatabase(directory: directory.path) }
        #expect(
            error?.message.contains("booking.sqlite is a symbolic link; refusing to open it") == true,
            "\(String(describing: error))")
        #expect(try FileFacts.mode(target) == 0o644)
        #expect(try FileFacts.bytes(target) == bytes)
    }

    @Test func aCacheFileThatIsASymbolicLinkIsRefusedNeitherRebuiltNorRemoved() throws {
        let (target, bytes) = try outsideDatabase()
        let path = directory.file(CacheDatabase.fileName)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        let error = #expect(throws: SQLiteError.self) { try CacheDatabase(directory: directory.path) }
        #expect(error?.message.contains("cache.sqlite is a symbolic link") == true, "\(String(describing: error))")
        #expect(try FileFacts.mode(target) == 0o644)
        #expect(try FileFacts.bytes(target) == bytes)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == target)
    }

    @Test func aLooseExistingDataDirectoryIsTightenedTo0700() throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        #expect(try FileFacts.mode(directory.path) == 0o755)
        _ = try BookingDatabase(directory: directory.path)
        #expect(try FileFacts.mode(directory.path) == 0o700)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        _ = try CacheDatabase(directory: directory.path)
        #expect(try FileFacts.mode(directory.path) == 0o700)
    }

    @Test func anEmptiedBookingFileIsRefusedAndKeptNotSilentlyStartedAfresh() throws {
        try makeBookingFile(trips: 3)
        let path = directory.file(BookingDatabase.fileName)
        #expect(truncate(path, 0) == 0)
        let error = #expect(throws: SQLiteError.self) { try BookingDatabase(directory: directory.path) }
        #expect(error?.message.contains("booking.sqlite is empty (0 bytes)") == true, "\(String(describing: error))")
        #expect(error?.isCorrupt == true)
        #expect(try FileFacts.bytes(path).isEmpty)
        // Refused again on the next launch: it never becomes a fresh database by itself.
        #expect(throws: SQLiteError.self) { try BookingDatabase(directory: directory.path) }
        #expect(try FileFacts.bytes(path).isEmpty)
        // The read-only viewer refuses it too (it would list no trips).
        #expect(throws: SQLiteError.self) { try BookingDatabase(directory: directory.path, access: .readOnly) }
    }

    @Test func aNewBookingFileIsNeverEmptyOnDisk() throws {
        let store = try BookingDatabase(directory: directory.path)
        let size = try #require(
            try FileManager.default.attributesOfItem(
                atPath: directory.file(BookingDatabase.fileName))[.size] as? NSNumber)
        #expect(size.intValue > 0)
        // A second connection opening it while the first is open is no false alarm.
        _ = try BookingDatabase(directory: directory.path)
        _ = store
    }

    @Test func anEmptiedCacheFileIsRebuilt() throws {
        _ = try CacheDatabase(directory: directory.path)
        #expect(truncate(directory.file(CacheDatabase.fileName), 0) == 0)
        let cache = try CacheDatabase(directory: directory.path)
        #expect(cache.rebuildCount == 1)
    }

    @Test func anImmutableBookingFileInAnImmutableDirectoryOpensReadOnly() throws {
        try makeBookingFile(trips: 3)
        let path = directory.file(BookingDatabase.fileName)
        if let problem = FileProtection.makeReadOnly(path) {
            Issue.record("\(problem)")
            return
        }
        if let problem = FileProtection.makeReadOnly(directory.path) {
            Issue.record("\(problem)")
            return
        }
        defer {
            FileProtection.makeWritable(directory.path)
            FileProtection.makeWritable(path)
        }
        let error = #expect(throws: SQLiteError.self) { try BookingDatabase(directory: directory.path) }
        #expect(error?.isReadOnly == true, "\(String(describing: error))")
        let reader = try BookingDatabase(directory: directory.path, access: .readOnly)
        #expect(try reader.trips.count() == 3)
        #expect(throws: SQLiteError.self) { try reader.attempts.insert(Fixtures.attempt("a1")) }
    }

    @Test func aReadOnlyOpenOfAnOutdatedFileSaysItNeedsAnUpgrade() throws {
        let path = directory.file(BookingDatabase.fileName)
        do {
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (x)")
        }
        let error = #expect(throws: MigrationError.self) {
            try BookingDatabase(directory: directory.path, access: .readOnly)
        }
        #expect(
            error?.description.contains("cannot be upgraded when opened read-only") == true,
            "\(String(describing: error))")
    }
}
