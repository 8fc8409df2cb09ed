import CBookingSQLite

/// A SQLite result code, primary (`busy`, `constraint`, ...) or extended
/// (`constraintUnique`, `busySnapshot`, ...).
///
/// Match it in a `switch` or with `~=`: a primary code matches itself and
/// every extended code of its family, an extended code only itself.
///
/// ```swift
/// switch error.extendedCode {
/// case .constraintUnique: ...   // exactly this one
/// case .constraint: ...         // any other constraint
/// default: ...
/// }
/// ```
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The C value (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`, ...).
    public let rawValue: Int32

    /// Wraps a C result code.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code of the family this code belongs to (itself when primary).
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xff) }

    /// Whether this is a primary code, not an extended one.
    public var isPrimary: Bool { rawValue & 0xff == rawValue }

    /// SQLite's English name for the family (`"database is locked"`, ...).
    public var description: String { "\(rawValue) (\(String(cString: sqlite3_errstr(rawValue))))" }

    /// A primary pattern matches its whole family; an extended one matches exactly.
    public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern.isPrimary ? pattern == code.primary : pattern == code
    }

    // MARK: Primary codes

    /// `SQLITE_OK`: success.
    public static let ok = ResultCode(rawValue: SQLITE_OK)
    /// `SQLITE_ERROR`: a generic error (bad SQL, a setting that did not take).
    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    /// `SQLITE_PERM`: the access mode asked for cannot be given.
    public static let permission = ResultCode(rawValue: SQLITE_PERM)
    /// `SQLITE_BUSY`: another connection holds a lock.
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    /// `SQLITE_LOCKED`: a conflict inside this connection's shared cache.
    public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    /// `SQLITE_READONLY`: a write to a database that cannot be written.
    public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    /// `SQLITE_IOERR`: the operating system reported an I/O error.
    public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    /// `SQLITE_CORRUPT`: the file is damaged.
    public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    /// `SQLITE_FULL`: the disk or the page limit is full.
    public static let full = ResultCode(rawValue: SQLITE_FULL)
    /// `SQLITE_CANTOPEN`: the file cannot be opened.
    public static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    /// `SQLITE_CONSTRAINT`: a constraint refused the change.
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    /// `SQLITE_MISUSE`: the API was used wrongly; also this layer's own
    /// refusals (`SQLiteError.Refusal`).
    public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    /// `SQLITE_RANGE`: a parameter index out of range.
    public static let range = ResultCode(rawValue: SQLITE_RANGE)
    /// `SQLITE_NOTADB`: the file is not a database.
    public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)

    // MARK: Extended codes

    /// `SQLITE_BUSY_SNAPSHOT`: a read transaction's snapshot is too old to write.
    public static let busySnapshot = ResultCode(rawValue: SQLITE_BUSY | 2 << 8)
    /// `SQLITE_CONSTRAINT_CHECK`: a CHECK constraint refused the change.
    public static let constraintCheck = ResultCode(rawValue: SQLITE_CONSTRAINT | 1 << 8)
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`: a foreign key refused the change.
    public static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | 3 << 8)
    /// `SQLITE_CONSTRAINT_NOTNULL`: a NOT NULL column got NULL.
    public static let constraintNotNull = ResultCode(rawValue: SQLITE_CONSTRAINT | 5 << 8)
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`: a primary key is taken.
    public static let constraintPrimaryKey = ResultCode(rawValue: SQLITE_CONSTRAINT | 6 << 8)
    /// `SQLITE_CONSTRAINT_TRIGGER`: a trigger's `RAISE` refused the change.
    public static let constraintTrigger = ResultCode(rawValue: SQLITE_CONSTRAINT | 7 << 8)
    /// `SQLITE_CONSTRAINT_UNIQUE`: a unique index is taken.
    public static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | 8 << 8)
    /// `SQLITE_READONLY_DIRECTORY`: the database's directory cannot be written.
    public static let readOnlyDirectory = ResultCode(rawValue: SQLITE_READONLY | 6 << 8)
}
