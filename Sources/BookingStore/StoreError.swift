/// Errors of the store beyond SQLite's own (`SQLiteError`, `MigrationError`).
package enum StoreError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A row holds a value this build cannot read (a newer build's status, say).
    case unreadableRow(table: String, reason: String)
    /// A value given to the store is not valid for its column.
    case invalidValue(field: String, reason: String)

    package var description: String {
        switch self {
        case .unreadableRow(let table, let reason): return "a row of \(table) cannot be read: \(reason)"
        case .invalidValue(let field, let reason): return "invalid \(field): \(reason)"
        }
    }
}
