import CBookingSQLiteBaseline

/// A connection of the raw C baseline (`CBookingSQLiteBaseline`), owning its handle.
///
/// A thin Swift face over calls that do all their work in C: each method is
/// one C call, so the time measured around it is C's.
final class BaselineDatabase {
    private let handle: OpaquePointer

    /// Opens `path` with the store's settings; `fullSync` picks
    /// `synchronous=FULL` (booking.sqlite) or `OFF` (cache.sqlite).
    init(path: String, fullSync: Bool) throws {
        var handle: OpaquePointer?
        let code = bkb_open(path, fullSync ? 1 : 0, &handle)
        guard code == 0, let handle else {
            throw BenchError(description: "C baseline: cannot open \(path): SQLite error \(code)")
        }
        self.handle = handle
    }

    deinit {
        bkb_close(handle)
    }

    /// The SQLite library the baseline runs on.
    static var sqliteVersion: String { String(cString: bkb_sqlite_version()) }

    /// Runs SQL with no parameters (the schema).
    func execute(_ sql: String) throws {
        try check(bkb_exec(handle, sql), "exec")
    }

    /// One durable attempt insert, autocommit.
    func insertAttempt(_ row: UnsafePointer<bkb_attempt>) throws {
        try check(bkb_attempt_insert(handle, row), "attempt insert")
    }

    /// Upserts `rows` in one transaction.
    func insertTrips(_ rows: UnsafeBufferPointer<bkb_trip>) throws {
        try check(bkb_trip_bulk_insert(handle, rows.baseAddress, rows.count), "trip bulk insert")
    }

    /// Reads every trip: the row count and the checksum of what was read.
    func scanTrips() throws -> (rows: Int, checksum: UInt64) {
        var rows: Int64 = 0
        var checksum: UInt64 = 0
        try check(bkb_trip_scan(handle, &rows, &checksum), "trip scan")
        return (Int(rows), checksum)
    }

    /// Puts a page; returns the cached byte total the eviction check read.
    @discardableResult
    func putPage(_ page: UnsafePointer<bkb_page>, storedAt: Int64) throws -> Int64 {
        var total: Int64 = 0
        try check(bkb_page_put(handle, page, storedAt, &total), "page put")
        return total
    }

    /// Gets a page: the checksum of what was read, `nil` when not cached.
    func page(queryKey: UnsafePointer<CChar>, pageIndex: Int64) throws -> UInt64? {
        var found: Int32 = 0
        var checksum: UInt64 = 0
        try check(bkb_page_get(handle, queryKey, pageIndex, &found, &checksum), "page get")
        return found == 1 ? checksum : nil
    }

    private func check(_ code: Int32, _ operation: String) throws {
        guard code == 0 else {
            throw BenchError(
                description:
                    "C baseline: \(operation) failed: SQLite error \(code): \(String(cString: bkb_errmsg(handle)))")
        }
    }
}
