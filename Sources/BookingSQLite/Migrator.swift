/// Applies named SQL steps in order, each exactly once.
///
/// Every step runs in its own `BEGIN IMMEDIATE` transaction together with the
/// row that records it in `schema_migration`, so a step is either applied and
/// recorded or neither. Two processes migrating the same file at once
/// serialize on the write lock and the second finds the step done. A database
/// that records steps this build does not know was written by a newer build:
/// it is refused, never touched.
public struct Migrator: Sendable {
    /// One step: a unique name (its order key) and its SQL.
    public struct Step: Sendable, Equatable {
        /// The step's name, e.g. `0001_booking`.
        public let name: String
        /// The SQL it runs.
        public let sql: String

        /// Creates a step.
        public init(name: String, sql: String) {
            self.name = name
            self.sql = sql
        }
    }

    /// The steps, in the order they apply.
    public let steps: [Step]

    /// Creates a migrator over steps given in order.
    public init(steps: [Step]) {
        self.steps = steps
    }

    /// Applies every step not yet recorded, in order. Returns the names applied.
    @discardableResult
    public func migrate(_ database: Database) throws -> [String] {
        // Fast path, reading only: a database already up to date is opened
        // without taking the write lock (another process may hold it).
        if try hasMigrationTable(database) {
            let recorded = try appliedNames(database)
            try refuseUnknownSteps(recorded, in: database)
            if recorded == Set(steps.map(\.name)) { return [] }
        }
        try database.transaction {
            try database.execute(
                "CREATE TABLE IF NOT EXISTS schema_migration (name TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))) STRICT"
            )
        }
        var applied: [String] = []
        for step in steps {
            let didApply = try database.transaction { () throws -> Bool in
                let recorded = try appliedNames(database)
                try refuseUnknownSteps(recorded, in: database)
                if recorded.contains(step.name) { return false }
                try database.executeScript(step.sql)
                try database.run("INSERT INTO schema_migration (name) VALUES (?)", [.text(step.name)])
                return true
            }
            if didApply { applied.append(step.name) }
        }
        return applied
    }

    /// Checks, reading only, that `database` has every step and none this
    /// build does not know: for a connection opened read-only, which cannot
    /// migrate.
    ///
    /// - Throws: `MigrationError.needsUpgrade` naming the missing steps,
    ///   `MigrationError.databaseIsNewer` naming the unknown ones.
    public func verify(_ database: Database) throws {
        let recorded = try hasMigrationTable(database) ? try appliedNames(database) : []
        try refuseUnknownSteps(recorded, in: database)
        let missing = steps.map(\.name).filter { !recorded.contains($0) }
        guard missing.isEmpty else {
            throw MigrationError.needsUpgrade(path: database.path, missingSteps: missing)
        }
    }

    /// Refuses a database that recorded steps this build does not know: a
    /// newer build wrote it.
    private func refuseUnknownSteps(_ recorded: Set<String>, in database: Database) throws {
        let unknown = recorded.subtracting(steps.map(\.name))
        guard unknown.isEmpty else {
            throw MigrationError.databaseIsNewer(path: database.path, unknownSteps: unknown.sorted())
        }
    }

    private func hasMigrationTable(_ database: Database) throws -> Bool {
        try database.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migration'")
            == .integer(1)
    }

    /// The names of the steps recorded in `database`.
    public func appliedNames(_ database: Database) throws -> Set<String> {
        var names = Set<String>()
        let statement = try database.prepare("SELECT name FROM schema_migration")
        try statement.forEachRow { names.insert($0.string(at: 0)) }
        return names
    }
}
