import BookingSQLite
import Foundation
import TestSupport
import Testing

/// A connection told `keepWALOnClose` leaves the WAL and its committed rows
/// when it closes as the file's last connection (the CLI's lock check, so
/// the next command appends to the WAL instead of creating it again); any
/// other connection checkpoints the WAL into the file and deletes it.
@Suite struct KeepWALOnCloseTests {
    let directory = TemporaryDirectory("sqlite-keep-wal")

    /// Commits a row on a new file, then closes the only connection; returns
    /// the WAL's size after the close (nil: deleted), and the rows a new
    /// connection reads.
    func closeAfterOneCommit(_ name: String, keepingWAL: Bool) throws -> (wal: Int?, rows: Int64?) {
        let path = directory.file(name)
        do {
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (x INTEGER)")
            try database.execute("INSERT INTO t VALUES (1)")
            if keepingWAL { try database.keepWALOnClose() }
        }
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber)?.intValue
        guard case .integer(let rows)? = try Database(path: path).scalar("SELECT count(*) FROM t") else {
            return (wal, nil)
        }
        return (wal, rows)
    }

    @Test func theLastCloseLeavesTheWALWithItsCommitsWhenToldTo() throws {
        let kept = try closeAfterOneCommit("kept.sqlite", keepingWAL: true)
        #expect((kept.wal ?? 0) > 0, "the WAL was checkpointed and deleted")
        #expect(kept.rows == 1)
        let checkpointed = try closeAfterOneCommit("checkpointed.sqlite", keepingWAL: false)
        #expect(checkpointed.wal == nil)
        #expect(checkpointed.rows == 1)
    }
}
