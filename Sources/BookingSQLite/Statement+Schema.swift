import CBookingSQLite

extension Statement {
    /// The type the result column at `index` (0-based) is declared with in
    /// its table (`"INTEGER"`, `"TEXT"`, ...), or `nil` for an expression or
    /// a column declared without a type. A property of the statement, not of
    /// a row: a reader checks it once, before stepping.
    public func declaredType(at index: Int32) -> String? {
        sqlite3_column_decltype(handle, index).map { String(cString: $0) }
    }
}

extension Database {
    /// Whether the table `name` of the main schema is `STRICT`: each
    /// column holds only its declared type (or NULL), so a reader that has
    /// checked the declared types once need not ask each row's. `false` for
    /// a table that does not exist.
    public func isStrictTable(_ name: String) throws(SQLiteError) -> Bool {
        let statement = try cachedStatement("SELECT strict FROM pragma_table_list(?1) WHERE schema = 'main'")
        defer { statement.reset() }
        try statement.bind(name, at: 1)
        return try statement.step() && statement.int64(at: 0) == 1
    }
}
