import BookingSQLite

/// A row of a sandbox table that belongs to one account (`hold`,
/// `booking`, the two quotes): found by its id within the account, so that
/// another account's row reads as not found.
protocol AccountRow: Sendable {
    /// The table.
    static var table: String { get }
    /// Its id column: `<table>_id` unless the row says otherwise.
    static var idColumn: String { get }
    /// The columns `read` takes, in its order.
    static var columns: String { get }
    /// The row `statement` stands on (selected with `columns`).
    static func read(_ statement: Statement) throws -> Self
}

extension AccountRow {
    static var idColumn: String { "\(table)_id" }

    /// The account's row `id`, or `nil`.
    static func load(_ db: Database, id: String, account: String) throws -> Self? {
        let statement = try db.cachedStatement("SELECT \(columns) FROM \(table) WHERE \(idColumn) = ? AND account = ?")
        defer { statement.reset() }
        try statement.bind(id, at: 1)
        try statement.bind(account, at: 2)
        return try statement.step() ? read(statement) : nil
    }
}
