import CBookingSQLite

extension Statement {
    /// Calls `body` with the bytes of the column at `index` (0-based) as
    /// SQLite holds them for the current row, with no `String` or `Data`
    /// made: UTF-8 text for text, a blob's own bytes for a blob, an integer
    /// or real as SQLite writes it as text, `nil` for NULL. An empty text
    /// or blob is an empty buffer, not `nil`.
    ///
    /// The buffer belongs to SQLite and is valid only inside `body`: it
    /// must not escape, and `body` must not step, reset or read this
    /// column another way (each can free or convert the bytes). When SQLite
    /// has no memory to convert a number to text, `body` gets it empty.
    @inlinable
    public func withBytes<Result>(
        at index: Int32, _ body: (UnsafeRawBufferPointer?) throws -> Result
    ) rethrows -> Result {
        try body(unsafeBytes(at: index))
    }

    /// The bytes `withBytes(at:_:)` lends, returned: for a reader that
    /// holds several columns of one row at once. They stay valid only until
    /// the statement steps, is reset or finalized, or this column is read
    /// another way; the caller keeps to that.
    @inlinable @inline(__always)
    public func unsafeBytes(at index: Int32) -> UnsafeRawBufferPointer? {
        // The pointer first, then its length: the order SQLite documents as
        // safe. Two calls a column: its type is asked only when there is no
        // pointer (NULL, an empty blob, or no memory to convert).
        guard let text = sqlite3_column_text(handle, index) else {
            let empty = sqlite3_column_type(handle, index) == SQLITE_NULL
            return empty ? nil : UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, index)))
    }
}
