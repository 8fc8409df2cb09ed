import BookingSQLite

/// A row of a sandbox table that belongs to one account (`hold`,
/// `booking`): found by its id within the account, so that another
/// account's row reads as not found.
protocol AccountRow: Sendable {
    /// The table; its id column is `<table>_id`.
    static var table: String { get }
    /// The columns `read` takes, in its order.
    static var columns: String { get }
    /// The row `statement` stands on (selected with `columns`).
    static func read(_ statement: Statement) throws -> Self
}

extension AccountRow {
    /// The account's row `id`, or `nil`.
    static func load(_ db: Database, id: String, account: String) throws -> Self? {
        let statement = try db.cachedStatement("SELECT \(columns) FROM \(table) WHERE \(table)_id = ? AND account = ?")
        defer { statement.reset() }
        try statement.bind(id, at: 1)
        try statement.bind(account, at: 2)
        return try statement.step() ? read(statement) : nil
    }
}
