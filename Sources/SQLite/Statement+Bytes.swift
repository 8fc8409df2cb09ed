import CSQLite

extension Statement {
    /// Calls `body` with the bytes of the column at `index` (0-based) as
    /// SQLite holds them for the current row, with no `String` or `Data`
    /// made: a blob's bytes for a blob, UTF-8 text for anything else (an
    /// integer or real as SQLite writes it as text), `nil` for NULL. An
    /// empty text or blob is an empty buffer, not `nil`.
    ///
    /// The buffer belongs to SQLite and is valid only inside `body`: it
    /// must not escape, and `body` must not step, reset or read this
    /// column another way (each can free or convert the bytes).
    @inlinable
    public func withBytes<Result>(
        at index: Int32, _ body: (UnsafeRawBufferPointer?) throws -> Result
    ) rethrows -> Result {
        let type = sqlite3_column_type(handle, index)
        if type == SQLITE_NULL { return try body(nil) }
        // The pointer first, then its length: the order SQLite documents
        // as safe (the length of the converted bytes).
        let start: UnsafeRawPointer? =
            type == SQLITE_BLOB
            ? sqlite3_column_blob(handle, index) : sqlite3_column_text(handle, index).map { UnsafeRawPointer($0) }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let start, count > 0 else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeRawBufferPointer(start: start, count: count))
    }
}
