import BookingSQLite
import TestSupport

/// The one-table database most SQLite tests run on: `t (x INTEGER)`.
enum TableT {
    /// Opens (creating) `name` in `directory`, with the table.
    static func open(
        in directory: TemporaryDirectory, _ name: String = "t.sqlite", busyTimeout: Int = 5_000
    ) throws -> Database {
        let database = try Database(path: directory.file(name), options: .init(busyTimeoutMilliseconds: busyTimeout))
        try database.execute("CREATE TABLE IF NOT EXISTS t (x INTEGER)")
        return database
    }

    /// The number of rows in `t`.
    static func count(_ database: Database) throws -> SQLiteValue? {
        try database.scalar("SELECT count(*) FROM t")
    }
}
