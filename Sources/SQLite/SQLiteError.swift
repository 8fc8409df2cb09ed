import CSQLite

/// An error from SQLite, or from this layer's checks around it.
///
/// Carries the primary and extended result codes, the message read at the
/// moment of failure, and the SQL that was running. Bound values are never
/// part of it: bookings hold personal data, and errors end up in logs.
public struct SQLiteError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, ...).
    public let code: Int32
    /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, ...), or `code` when unknown.
    public let extendedCode: Int32
    /// The message, read from `sqlite3_errmsg` when the error happened.
    public let message: String
    /// The SQL that was running, if any.
    public let sql: String?
    /// The operating system's `errno` behind it (`sqlite3_system_errno`),
    /// or 0 when none was recorded.
    public let systemErrorCode: Int32

    /// Creates an error.
    public init(
        code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil,
        systemErrorCode: Int32 = 0
    ) {
        self.code = code & 0xff
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
        self.systemErrorCode = systemErrorCode
    }

    /// An error for a file found damaged by a check of this layer's callers
    /// (`PRAGMA quick_check`), coded `SQLITE_CORRUPT`.
    public static func corruption(_ message: String) -> SQLiteError {
        SQLiteError(code: SQLITE_CORRUPT, message: message)
    }

    /// Reads the error state of `handle` right now.
    init(handle: OpaquePointer?, code: Int32, sql: String? = nil) {
        let message =
            handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
        let system = handle.map { sqlite3_system_errno($0) } ?? 0
        self.init(code: code, extendedCode: extended, message: message, sql: sql, systemErrorCode: system)
    }

    public var description: String {
        var text = "SQLite error \(code)"
        if extendedCode != code { text += " (extended \(extendedCode))" }
        text += ": \(message)"
        if let sql { text += " while executing `\(sql)`" }
        if systemErrorCode != 0 && (code == SQLITE_IOERR || code == SQLITE_CANTOPEN) {
            text += " (\(Platform.Errno(systemErrorCode).text))"
        }
        return text
    }

    /// Another connection held a lock past the busy timeout.
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
    /// The disk, the user's quota or the database's page limit is full:
    /// `SQLITE_FULL`, or an I/O or open error (growing the `-shm` while
    /// opening) whose cause was `ENOSPC` or `EDQUOT`.
    public var isFull: Bool {
        code == SQLITE_FULL
            || (code == SQLITE_IOERR || code == SQLITE_CANTOPEN) && Platform.storageFullErrors.contains(systemErrorCode)
    }
    /// The file is damaged or is not a database at all.
    public var isCorrupt: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }
    /// The database, file or directory cannot be written.
    public var isReadOnly: Bool { code == SQLITE_READONLY || code == SQLITE_CANTOPEN && message.contains("read-only") }
    /// A constraint (unique, check, foreign key, not null) refused the change.
    public var isConstraintViolation: Bool { code == SQLITE_CONSTRAINT }
}
