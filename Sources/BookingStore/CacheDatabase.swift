import BookingSQLite
import Foundation

/// `cache.sqlite`: what can be rebuilt from the server, recent searches and
/// result pages.
///
/// WAL with `synchronous=OFF`: nothing in it must survive a power loss, so
/// neither its commits nor its checkpoints sync (no `fdatasync` of the cache
/// in a command), and writing large cached pages never stalls the payment
/// write in the other file. A corrupt cache, or one written by a
/// newer build, is deleted and rebuilt empty, at open and whenever an
/// operation meets corruption (`recovering`). It is never used for what
/// must not be lost. A symbolic link, FIFO or directory where the file or a
/// sidecar belongs is refused, neither followed nor removed: the error says
/// so and nothing is rebuilt. Not `Sendable`.
package final class CacheDatabase {
    /// The file name inside the data directory.
    package static let fileName = "cache.sqlite"

    /// The path of the cache file.
    package let path: String
    /// The connection.
    package private(set) var database: Database
    /// How many times the file was found damaged and rebuilt since open.
    package private(set) var rebuildCount = 0
    private let byteCapacity: Int64
    private let recentCapacity: Int
    private let checkpointer: CacheCheckpointer

    /// Opens `cache.sqlite` in `directory`, rebuilding it when it is damaged.
    ///
    /// - Parameters:
    ///   - byteCapacity: the most bytes of result pages kept (default 16 MiB).
    ///   - recentCapacity: the most recent searches kept (default 50).
    ///   - checkpointQueue: where the WAL is copied into the file, off the
    ///     path of any write (default: a utility queue of its own).
    /// - Throws: `SQLiteError` for what a rebuild cannot fix (a read-only or
    ///   locked file, a full disk, a symbolic link or other non-file in its
    ///   place, a data directory that is a symbolic link).
    package init(
        directory: String, byteCapacity: Int64 = 16 << 20, recentCapacity: Int = 50,
        checkpointQueue: DispatchQueue? = nil
    ) throws {
        let path = (directory as NSString).appendingPathComponent(Self.fileName)
        self.path = path
        self.byteCapacity = byteCapacity
        self.recentCapacity = recentCapacity
        let checkpointer = CacheCheckpointer(path: path, queue: checkpointQueue)
        self.checkpointer = checkpointer
        try Database.makeOwnerOnlyDirectory(atPath: directory)
        do {
            database = try Self.open(path, checkpointer: checkpointer)
        } catch  where Self.isDamage(error) {
            try Self.deleteFiles(path)
            database = try Self.open(path, checkpointer: checkpointer)
            rebuildCount = 1
        }
    }

    deinit {
        checkpointer.close()
    }

    /// How many checkpoints the cache's queue has run since open.
    package var checkpointsRun: Int { checkpointer.checkpointsRun }

    /// How many WAL frames the cache's commits have written since open.
    package var framesWritten: Int { checkpointer.framesWritten }

    /// The recent searches.
    package var recentSearches: RecentSearchTable {
        RecentSearchTable(database: database, capacity: recentCapacity)
    }

    /// The result pages.
    package var resultPages: ResultPageTable {
        ResultPageTable(database: database, byteCapacity: byteCapacity)
    }

    /// Runs `body`; when it meets a damaged file, rebuilds the cache empty
    /// and runs it once more. Other errors are rethrown as they are.
    package func recovering<T>(_ body: (CacheDatabase) throws -> T) throws -> T {
        do {
            return try body(self)
        } catch  where Self.isDamage(error) {
            try rebuild()
            return try body(self)
        }
    }

    /// Deletes the file and its sidecars and starts an empty cache.
    package func rebuild() throws {
        // Close the damaged connection before deleting its files: closing
        // later would checkpoint into, and unlink, the new file's -wal.
        database = try Database(path: ":memory:", options: .init(readOnly: true))
        checkpointer.close()
        try Self.deleteFiles(path)
        database = try Self.open(path, checkpointer: checkpointer)
        rebuildCount += 1
    }

    private static func open(_ path: String, checkpointer: CacheCheckpointer) throws -> Database {
        let database = try Database(path: path, options: .init(synchronous: .off))
        // Checkpoints off the writes' path (`CacheCheckpointer`).
        database.afterEachCommit { checkpointer.afterCommit(framesInWAL: $0) }
        // A file that is not a database, or whose schema is damaged, fails
        // here and is rebuilt. Damage deeper in it is met when a page is
        // read, and `recovering` rebuilds then: no `quick_check` at open,
        // which read the whole file on every launch (a full 16 MiB cache
        // made a launch 11 times slower than an empty one; see BENCHMARKS.md,
        // "Cost as the data grows").
        try Migrator(steps: ClientSchema.cacheSteps).migrate(database)
        return database
    }

    private static func isDamage(_ error: any Error) -> Bool {
        if let error = error as? SQLiteError { return error.isCorrupt }
        if error is MigrationError { return true }
        if error is StoreError { return true }
        return false
    }

    private static func deleteFiles(_ path: String) throws {
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.removeItem(atPath: file)
        }
    }
}
