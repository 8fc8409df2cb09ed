import CBookingSQLite
import Foundation

/// A prepared statement that owns its handle: prepared in a throwing
/// initializer, finalized in `deinit`.
///
/// Not `Sendable`: like its `Database`, it is used from one thread at a time.
/// Binding indices start at 1, column indices at 0, as in the C API.
public final class Statement {
    /// The SQL text this statement was prepared from.
    public let sql: String
    @usableFromInline let handle: OpaquePointer
    private let databaseHandle: OpaquePointer

    /// Prepares the one statement of `sql`.
    ///
    /// - Throws: `SQLiteError` for SQL SQLite cannot compile; a `refusal`
    ///   (`.noStatement`, `.trailingSQL`) for SQL with no statement or with
    ///   more after the first, which `sqlite3_prepare` would silently skip.
    init(databaseHandle: OpaquePointer, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        var rest = ""
        let code = sql.withCString { text -> Int32 in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(databaseHandle, text, -1, 0, &statement, &tail)
            if code == SQLITE_OK, let tail, tail.pointee != 0 { rest = String(cString: tail) }
            return code
        }
        guard code == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw SQLiteError(handle: databaseHandle, code: code, sql: sql)
        }
        guard let statement else { throw SQLiteError(refusal: .noStatement, sql: sql) }
        if !rest.isEmpty && Self.holdsStatement(rest, databaseHandle: databaseHandle) {
            sqlite3_finalize(statement)
            throw SQLiteError(refusal: .trailingSQL(rest), sql: sql)
        }
        self.sql = sql
        self.handle = statement
        self.databaseHandle = databaseHandle
    }

    /// Whether `text` holds anything but blanks and comments: a statement,
    /// or text SQLite cannot compile (refused too, never run).
    private static func holdsStatement(_ text: String, databaseHandle: OpaquePointer) -> Bool {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(databaseHandle, text, -1, 0, &statement, nil)
        sqlite3_finalize(statement)
        return code != SQLITE_OK || statement != nil
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: Binding

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else {
            throw SQLiteError(handle: databaseHandle, code: code, sql: sql)
        }
    }

    /// Binds an integer to the parameter at `index` (1-based).
    public func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Binds an integer to the parameter at `index` (1-based).
    public func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, Int64(value)))
    }

    /// Binds a floating-point value to the parameter at `index` (1-based).
    public func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds UTF-8 text to the parameter at `index` (1-based).
    public func bind(_ value: String, at index: Int32) throws(SQLiteError) {
        let count = value.utf8.count
        let code = value.withCString { text -> Int32 in
            // Text with no NUL inside is bound as NUL-terminated (length
            // -1), so SQLite's copy carries its terminator: with an explicit
            // length, every SQL function that reads the value (the schema's
            // json_valid, GLOB and length CHECKs) first reallocated the copy
            // to append one, about 2,000 instructions a trip row of a bulk
            // sync (BENCHMARKS.md). Text with a NUL inside keeps its exact
            // length, NULs included.
            let length = strlen(text) == count ? -1 : Int32(count)
            return sqlite3_bind_text(handle, index, text, length, bk_sqlite3_transient())
        }
        try check(code)
    }

    /// Binds a blob to the parameter at `index` (1-based).
    public func bind(_ value: Data, at index: Int32) throws(SQLiteError) {
        let code = value.withUnsafeBytes { buffer in
            // A zero-length blob, not NULL, for empty data.
            buffer.baseAddress == nil
                ? sqlite3_bind_zeroblob(handle, index, 0)
                : sqlite3_bind_blob(handle, index, buffer.baseAddress, Int32(buffer.count), bk_sqlite3_transient())
        }
        try check(code)
    }

    /// Binds NULL to the parameter at `index` (1-based).
    public func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index))
    }

    /// Binds a value, or NULL when it is `nil`.
    public func bind(_ value: Int64?, at index: Int32) throws(SQLiteError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    /// Binds a value, or NULL when it is `nil`.
    public func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    /// Binds a value, or NULL when it is `nil`.
    public func bind(_ value: Data?, at index: Int32) throws(SQLiteError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    /// Binds a value, or NULL when it is `nil`.
    public func bind(_ value: Double?, at index: Int32) throws(SQLiteError) {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    /// The number of parameters (`?`, `?NNN`, `:name`) the statement takes:
    /// the largest index among them.
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// Binds every value of `values`, in order, from parameter 1.
    ///
    /// - Throws: `SQLiteError` with the refusal `.parameterCount` when
    ///   `values` does not give exactly one value per parameter; nothing is
    ///   bound then.
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        guard values.count == parameterCount else {
            throw SQLiteError(refusal: .parameterCount(expected: parameterCount, given: values.count), sql: sql)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .integer(let v): try bind(v, at: index)
            case .real(let v): try bind(v, at: index)
            case .text(let v): try bind(v, at: index)
            case .blob(let v): try bind(v, at: index)
            case .null: try bindNull(at: index)
            }
        }
    }

    /// Resets the statement so it can run again, and clears its bindings.
    public func reset() {
        // The error of a failed step is reported by step; reset only repeats it.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Stepping

    /// Runs one step: `true` when a row is ready to read, `false` when done.
    /// The one step loop of this layer; every error is thrown.
    ///
    /// Inlinable for a row loop: a row is one call and one compare in the
    /// caller; anything else goes to `stepped(_:)` out of line.
    @inlinable @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        return try stepped(code)
    }

    /// The end of `step` for any code but a row: `false` when done, the
    /// error thrown (the statement reset) otherwise.
    @usableFromInline
    func stepped(_ code: Int32) throws(SQLiteError) -> Bool {
        guard code != SQLITE_DONE else { return false }
        let error = SQLiteError(handle: databaseHandle, code: code, sql: sql)
        sqlite3_reset(handle)
        throw error
    }

    /// Steps until done, ignoring any rows.
    public func run() throws(SQLiteError) {
        while try step() {}
    }

    /// Steps through every row, calling `body` with the statement positioned
    /// on it. Rows are read one at a time, never all loaded.
    public func forEachRow(_ body: (Statement) throws -> Void) throws {
        while try step() {
            try body(self)
        }
    }

    // MARK: Columns

    /// The number of columns in a result row.
    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// Whether the column at `index` (0-based) is NULL.
    @inlinable
    public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// The column at `index` as an integer.
    @inlinable
    public func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// The column at `index` as a floating-point value.
    public func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// The column at `index` as text (empty for NULL).
    public func string(at index: Int32) -> String {
        guard let text = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column at `index` as a blob (empty for NULL).
    public func data(at index: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// The column at `index` as an integer, `nil` when NULL.
    public func optionalInt64(at index: Int32) -> Int64? {
        isNull(at: index) ? nil : int64(at: index)
    }

    /// The column at `index` as text, `nil` when NULL.
    public func optionalString(at index: Int32) -> String? {
        isNull(at: index) ? nil : string(at: index)
    }

    /// The column at `index` as a blob, `nil` when NULL.
    public func optionalData(at index: Int32) -> Data? {
        isNull(at: index) ? nil : data(at: index)
    }

    /// The column at `index` as a dynamically typed value.
    public func value(at index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(int64(at: index))
        case SQLITE_FLOAT: return .real(double(at: index))
        case SQLITE_TEXT: return .text(string(at: index))
        case SQLITE_BLOB: return .blob(data(at: index))
        default: return .null
        }
    }
}
