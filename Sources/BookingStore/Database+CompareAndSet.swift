import BookingSQLite

extension Database {
    /// Runs one conditional `UPDATE` (its `WHERE` names the row and the
    /// state it must still be in) with `values` bound from `?1`, and says
    /// whether it changed that row. The check and the write are one
    /// statement, so of two processes moving the same row, exactly one wins.
    func compareAndSet(_ sql: String, _ values: [SQLiteValue]) throws -> Bool {
        try run(sql, values)
        return changes == 1
    }
}

extension SQLiteValue {
    /// Text, or `NULL` for nil.
    init(_ text: String?) {
        self = text.map { .text($0) } ?? .null
    }
}
