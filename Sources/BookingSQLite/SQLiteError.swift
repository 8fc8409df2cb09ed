import CBookingSQLite

/// An error from SQLite, or from this layer's checks around it.
///
/// Carries the primary and extended result codes, the message read at the
/// moment of failure, and the SQL that was running. Bound values are never
/// part of it: bookings hold personal data, and errors end up in logs.
/// Match the codes, never the message: `error.extendedCode ~= .constraintUnique`,
/// `case .busy = error.code`.
public struct SQLiteError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The primary result code (`.busy`, `.corrupt`, ...).
    public let code: ResultCode
    /// The extended result code (`.busySnapshot`, ...), or `code` when unknown.
    public let extendedCode: ResultCode
    /// The message, read from `sqlite3_errmsg` when the error happened.
    public let message: String
    /// The SQL that was running, if any.
    public let sql: String?
    /// The operating system's `errno` behind it (`sqlite3_system_errno`),
    /// or 0 when none was recorded.
    public let systemErrorCode: Int32
    /// What this layer refused before SQLite ran anything, or `nil` for
    /// an error of SQLite itself. A refusal is coded `.misuse`.
    public let refusal: Refusal?
    /// Whether the file or directory given is not one this layer will use
    /// (a symbolic link, not a regular file or directory, an emptied file,
    /// a file that is not a database): the caller's input is wrong, and the
    /// message says what is wrong and what to do, without SQLite's numbers.
    public let isUnusableFile: Bool

    /// Creates an error.
    public init(
        code: ResultCode, extendedCode: ResultCode? = nil, message: String, sql: String? = nil,
        systemErrorCode: Int32 = 0
    ) {
        self.code = code.primary
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
        self.systemErrorCode = systemErrorCode
        self.refusal = nil
        self.isUnusableFile = false
    }

    /// An error for what this layer refuses to run, coded `.misuse`.
    public init(refusal: Refusal, sql: String) {
        self.code = .misuse
        self.extendedCode = .misuse
        self.message = refusal.description
        self.sql = sql
        self.systemErrorCode = 0
        self.refusal = refusal
        self.isUnusableFile = false
    }

    /// An error for a file or directory this layer will not use, coded
    /// `code`: `message` says what is wrong and what to do, and is the
    /// whole description.
    public init(unusableFile code: ResultCode, _ message: String) {
        self.code = code.primary
        self.extendedCode = code
        self.message = message
        self.sql = nil
        self.systemErrorCode = 0
        self.refusal = nil
        self.isUnusableFile = true
    }

    /// An error for a file found damaged by a check of this layer's callers
    /// (`PRAGMA quick_check`), coded `.corrupt`.
    public static func corruption(_ message: String) -> SQLiteError {
        SQLiteError(code: .corrupt, message: message)
    }

    /// Reads the error state of `handle` right now.
    init(handle: OpaquePointer?, code: Int32, sql: String? = nil) {
        let message =
            handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
        let system = handle.map { sqlite3_system_errno($0) } ?? 0
        self.init(
            code: ResultCode(rawValue: code), extendedCode: ResultCode(rawValue: extended), message: message,
            sql: sql, systemErrorCode: system)
    }

    public var description: String {
        if isUnusableFile { return message }
        var text = "SQLite error \(code.rawValue)"
        if extendedCode != code { text += " (extended \(extendedCode.rawValue))" }
        text += ": \(message)"
        if let sql { text += " while executing `\(sql)`" }
        if systemErrorCode != 0 && (code ~= .ioError || code ~= .cannotOpen) {
            text += " (\(Platform.Errno(systemErrorCode).text))"
        }
        return text
    }

    /// Another connection held a lock past the busy timeout.
    public var isBusy: Bool { code ~= .busy || code ~= .locked }
    /// The disk, the user's quota or the database's page limit is full:
    /// `SQLITE_FULL`, or an I/O or open error (growing the `-shm` while
    /// opening) whose cause was `ENOSPC` or `EDQUOT`.
    public var isFull: Bool {
        code ~= .full
            || (code ~= .ioError || code ~= .cannotOpen) && Platform.storageFullErrors.contains(systemErrorCode)
    }
    /// The file is damaged or is not a database at all.
    public var isCorrupt: Bool { code ~= .corrupt || code ~= .notADatabase }
    /// The database, file or directory cannot be written: `SQLITE_READONLY`,
    /// or an open error whose cause was a permission or a read-only file
    /// system (`EACCES`, `EPERM`, `EROFS`).
    public var isReadOnly: Bool {
        code ~= .readOnly || code ~= .cannotOpen && Platform.readOnlyErrors.contains(systemErrorCode)
    }
    /// A constraint (unique, check, foreign key, not null) refused the change.
    public var isConstraintViolation: Bool { code ~= .constraint }
}
