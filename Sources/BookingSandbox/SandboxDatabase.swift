import BookingPrimitives
import BookingSQLite
import Foundation

/// The sandbox's one SQLite connection, serialized by a lock: every request
/// runs its SQL in one `BEGIN IMMEDIATE` transaction while holding it.
final class SandboxDatabase: Sendable {
    /// The connection, only ever reached through the lock.
    private let connection: Locked<Database>

    /// Opens (creating and migrating) the database at `path`, then deletes
    /// idempotency records left `running` by a process that died: nothing
    /// they guarded was committed, so their keys start afresh.
    init(path: String) throws {
        let database = try Database(path: path, options: .init(synchronous: .full))
        let steps = EmbeddedSchema.steps.map { Migrator.Step(name: $0.name, sql: $0.sql) }
        try Migrator(steps: steps).migrate(database)
        try database.run("DELETE FROM idempotency_record WHERE state = 'running'")
        self.connection = Locked(database)
    }

    /// Runs `body` in one transaction (rolled back when it throws), with the
    /// connection to itself.
    func transaction<T>(_ body: (Database) throws -> T) throws -> T {
        try connection.withLock { database in try database.transaction { try body(database) } }
    }
}

extension Database {
    /// The next value of the counter `name` (1, 2, ...). Call inside a transaction.
    func nextSequence(_ name: String) throws -> Int64 {
        let statement = try cachedStatement(
            "INSERT INTO id_sequence (name, next) VALUES (?, 2) ON CONFLICT (name) DO UPDATE SET next = next + 1 RETURNING next - 1"
        )
        defer { statement.reset() }
        try statement.bind(name, at: 1)
        guard try statement.step() else { throw APIError.internalError }
        return statement.int64(at: 0)
    }
}
