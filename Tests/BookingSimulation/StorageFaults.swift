import BookingSQLite
import Foundation

/// Another connection to `booking.sqlite` that holds the write lock while a
/// step runs, so every write of the client fails with `SQLITE_BUSY`.
final class WriteLockHolder {
    private let database: Database

    /// Takes the write lock (`BEGIN IMMEDIATE`) on the file at `path`.
    init(path: String) throws {
        database = try Database(path: path, options: .init(busyTimeoutMilliseconds: 50))
        try database.execute("BEGIN IMMEDIATE")
    }

    /// Lets go of the lock.
    func release() {
        try? database.execute("ROLLBACK")
    }
}
