import CBookingSQLite
import Foundation

/// One connection to one SQLite database file.
///
/// Opening it applies the settings every file of this project needs: the
/// parent directory created `0700` when missing, the file and its
/// `-wal`/`-shm` regular files (never symbolic links, FIFOs or directories)
/// tightened to `0600`, an existing empty file refused, WAL, the requested `synchronous` level read back to prove it took, foreign
/// keys, a busy timeout, `SQLITE_DBCONFIG_DEFENSIVE` and `secure_delete`.
///
/// Not `Sendable`: a connection is used from one thread (or one actor) at a
/// time. Open one per thread or serialize access.
public final class Database {
    /// The path of the database file.
    public let path: String
    /// The options it was opened with.
    public let options: Options
    let handle: OpaquePointer
    private var statementCache: [String: Statement] = [:]
    /// The statement `cachedStatement` returned last. A loop running one
    /// statement finds it again by comparing its SQL (the same string
    /// object: one check) instead of hashing it; hashing the trip upsert's
    /// 450 characters was 2,700 instructions a row of a bulk trip sync
    /// (BENCHMARKS.md).
    private var lastCachedStatement: Statement?
    /// Depth of nested `transaction` calls (0: none open).
    var transactionDepth = 0
    /// The closure of `afterEachCommit`, kept while SQLite may call it.
    var walHook: WALHook?

    /// Opens (creating if needed) the database at `path`.
    ///
    /// - Throws: `SQLiteError` when the file cannot be opened or created, is
    ///   not a database, is read-only (unless `options.readOnly`), or a setting
    ///   did not take; when it or a sidecar is a symbolic link or not a
    ///   regular file (`SQLITE_CANTOPEN`, nothing it points to touched); when
    ///   it exists but is empty, 0 bytes with nothing in its `-wal`, so it
    ///   lost what it held (`SQLITE_NOTADB`, `isCorrupt`; left as it is). The
    ///   handle is closed before the error is thrown.
    public init(path: String, options: Options = Options()) throws(SQLiteError) {
        self.path = path
        self.options = options
        if !Self.isTemporary(path) {
            try FileSecurity.prepare(databasePath: path, writable: !options.readOnly)
        }
        let flags =
            (options.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var handle = try Self.openHandle(path, name: path, flags: flags)
        if options.readOnly && !Self.isTemporary(path)
            && sqlite3_exec(handle, "PRAGMA schema_version", nil, nil, nil) & 0xff == SQLITE_CANTOPEN
            && Platform.kind(atPath: path + "-wal") == nil
        {
            // A WAL file read-only needs its -shm, and this directory cannot
            // hold one (it is read-only). With no -wal everything is in the
            // file, and no writer can start without creating one: read it as
            // immutable, with no -shm at all.
            sqlite3_close_v2(handle)
            handle = try Self.openHandle(Self.immutableURI(path), name: path, flags: flags | SQLITE_OPEN_URI)
        }
        self.handle = handle
        do {
            try configure()
        } catch {
            // Every property is set, so throwing runs `deinit`, which closes
            // the handle: closing it here too would close it twice.
            clearStatementCache()
            throw error
        }
    }

    /// The VFS every connection opens with: the system's, opening a WAL that
    /// already exists without asking SQLite to sync the directory for it
    /// (`bk_sqlite3_register_vfs` in `shim.h`). Nil, the system's own, when
    /// it could not be registered. Made before any connection opens, so
    /// SQLite's memory statistics are turned off first (while it is not yet
    /// initialized): each allocation would otherwise take one mutex shared
    /// by every connection of the process.
    static let keptWALVFS: String? = {
        _ = bk_sqlite3_config_memstatus(0)
        return bk_sqlite3_register_vfs().map { String(cString: $0) }
    }()

    /// Whether SQLite has counted any of this process's memory (never, once
    /// `keptWALVFS` was made first: its high-water mark stays at 0 bytes).
    package static var countsMemory: Bool {
        _ = keptWALVFS
        return sqlite3_memory_highwater(0) != 0
    }

    private static func openHandle(_ filename: String, name: String, flags: Int32) throws(SQLiteError)
        -> OpaquePointer
    {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(filename, &handle, flags, keptWALVFS)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(handle: handle, code: code, sql: nil)
            sqlite3_close_v2(handle)
            throw SQLiteError(
                code: error.code, extendedCode: error.extendedCode,
                message: "cannot open \(name): \(error.message)", systemErrorCode: error.systemErrorCode)
        }
        return handle
    }

    /// `file:PATH?immutable=1`, with the characters a URI gives meaning to escaped.
    private static func immutableURI(_ path: String) -> String {
        let escaped = path.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "?", with: "%3f").replacingOccurrences(of: "#", with: "%23")
        return "file:\(escaped)?immutable=1"
    }

    deinit {
        clearStatementCache()
        sqlite3_close_v2(handle)
    }

    /// Finalizes the cached statements (before the handle is closed).
    private func clearStatementCache() {
        lastCachedStatement = nil
        statementCache.removeAll()
    }

    /// Turns on the connection's setting `option` (an on/off
    /// `SQLITE_DBCONFIG_…`, whose name is `name`) and checks that it took.
    ///
    /// - Throws: `SQLiteError` when SQLite refused it or it stayed off.
    func turnOn(_ option: Int32, named name: String) throws(SQLiteError) {
        var enabled: Int32 = 0
        let code = bk_sqlite3_db_config_int(handle, option, 1, &enabled)
        guard code == SQLITE_OK, enabled == 1 else {
            throw SQLiteError(
                code: code == SQLITE_OK ? .error : ResultCode(rawValue: code), message: "\(name) did not take")
        }
    }

    private func configure() throws(SQLiteError) {
        if !options.readOnly && sqlite3_db_readonly(handle, "main") == 1 {
            throw SQLiteError(code: .readOnly, message: "database file is read-only: \(path)")
        }
        sqlite3_busy_timeout(handle, Int32(clamping: options.busyTimeoutMilliseconds))
        try turnOn(SQLITE_DBCONFIG_DEFENSIVE, named: "SQLITE_DBCONFIG_DEFENSIVE")
        // The first statement reads the file: a file that is not a database
        // fails here with SQLITE_NOTADB, said as what it is.
        do throws(SQLiteError) {
            if !options.readOnly && !Self.isTemporary(path) {
                let mode = try pragma("journal_mode", set: "WAL")
                guard mode?.lowercased() == "wal" else {
                    throw SQLiteError(
                        code: .error, message: "journal_mode=WAL did not take (got \(mode ?? "nothing")) for \(path)")
                }
            } else {
                _ = try pragma("schema_version")
            }
        } catch {
            guard error.isCorrupt else { throw error }
            let name = (path as NSString).lastPathComponent
            throw SQLiteError(
                unusableFile: error.code,
                "\(name) is not a database this program can read (it is damaged, or another kind of file). "
                    + "It was left as it is; move it away (or restore a copy) to start afresh: \(path)")
        }
        try expectPragma("synchronous", set: options.synchronous.rawValue, readBack: String(options.synchronous.level))
        try expectPragma("foreign_keys", set: "ON", readBack: "1")
        try expectPragma("secure_delete", set: "ON", readBack: "1")
        if Platform.flushNeedsFullFsync && options.synchronous == .full {
            try expectPragma("fullfsync", set: "ON", readBack: "1")
            try expectPragma("checkpoint_fullfsync", set: "ON", readBack: "1")
        }
        if !options.readOnly && !Self.isTemporary(path) {
            // SQLite gives the sidecars the database file's mode; tighten any
            // left behind by an older, looser build.
            try FileSecurity.tightenSidecars(databasePath: path)
        }
    }

    private func expectPragma(_ name: String, set value: String, readBack expected: String) throws(SQLiteError) {
        _ = try pragma(name, set: value)
        let actual = try pragma(name)
        guard actual == expected else {
            throw SQLiteError(
                code: .error,
                message: "PRAGMA \(name)=\(value) did not take: reads \(actual ?? "nothing"), expected \(expected)")
        }
    }

    /// Creates the directory `path` (and missing parents) `0700`, or
    /// tightens an existing one to `0700`: for a directory that holds only
    /// this program's files, such as an app's data directory. The mode is set
    /// through a descriptor opened without following a link.
    ///
    /// - Throws: `SQLiteError` (`SQLITE_CANTOPEN`) when `path` itself is a
    ///   symbolic link (its target is left as it is: give the real directory
    ///   instead; a link higher up the path is followed) or not a directory;
    ///   `SQLITE_PERM` when it cannot be tightened.
    public static func makeOwnerOnlyDirectory(atPath path: String) throws(SQLiteError) {
        try FileSecurity.makeOwnerOnlyDirectory(path)
    }

    /// Whether `path` names no file: `:memory:`, or `""` (a private
    /// temporary database). Such databases have no WAL and no file modes.
    static func isTemporary(_ path: String) -> Bool {
        path == ":memory:" || path.isEmpty
    }

    // MARK: Running SQL

    /// Runs one SQL statement with no parameters, discarding rows.
    ///
    /// - Throws: `SQLiteError` with a `refusal` when `sql` holds no
    ///   statement, more than one, or has parameters; nothing runs then.
    public func execute(_ sql: String) throws(SQLiteError) {
        let statement = try prepare(sql)
        try statement.bind([])
        try statement.run()
    }

    /// Runs a script: every statement of `sql`, in order, with no
    /// parameters, discarding rows; stops at the first error. For schema
    /// steps and fixtures, the one path that runs several statements.
    public func executeScript(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw SQLiteError(handle: handle, code: code, sql: sql)
        }
    }

    /// Prepares a new statement. The caller owns it.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(databaseHandle: handle, sql: sql)
    }

    /// A statement from this connection's cache, reset and with its bindings
    /// cleared, prepared on first use. For the hot statements of a store.
    public func cachedStatement(_ sql: String) throws(SQLiteError) -> Statement {
        if let statement = lastCachedStatement, statement.sql == sql {
            statement.reset()
            return statement
        }
        if let statement = statementCache[sql] {
            statement.reset()
            lastCachedStatement = statement
            return statement
        }
        let statement = try prepare(sql)
        statementCache[sql] = statement
        lastCachedStatement = statement
        return statement
    }

    /// Runs `sql` with `values` bound, discarding rows.
    public func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        try statement.run()
    }

    /// The first column of the first row of `sql`, or `nil` when there is no row.
    public func scalar(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteValue? {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(values)
        return try statement.step() ? statement.value(at: 0) : nil
    }

    /// Reads `PRAGMA name` as text.
    public func pragma(_ name: String) throws(SQLiteError) -> String? {
        let statement = try prepare("PRAGMA \(name)")
        return try statement.step() ? statement.optionalString(at: 0) : nil
    }

    /// Sets `PRAGMA name = value` and returns the row it answers, if any.
    @discardableResult
    public func pragma(_ name: String, set value: String) throws(SQLiteError) -> String? {
        let statement = try prepare("PRAGMA \(name) = \(value)")
        return try statement.step() ? statement.optionalString(at: 0) : nil
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The rowid of the last inserted row.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether `SQLITE_DBCONFIG_DEFENSIVE` is on (it always is once opened).
    public var isDefensive: Bool {
        var enabled: Int32 = 0
        return bk_sqlite3_db_config_int(handle, SQLITE_DBCONFIG_DEFENSIVE, -1, &enabled) == SQLITE_OK && enabled == 1
    }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}
