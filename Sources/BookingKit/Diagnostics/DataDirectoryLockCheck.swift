import BookingSQLite
import BookingStore

/// `booking.sqlite` opened once before the client opens it, its write lock
/// taken for an instant: a file the program will not use (a link, emptied,
/// damaged, not a database) is refused, and a file another process keeps
/// locked for writing is said as that after one busy timeout, not as a
/// failed hold or payment. Any other error is left for the client to
/// report. The command line's check, through `BookingDiagnostics`.
///
/// The connection stays open for the command's life, beside the client's
/// (it holds no lock or read transaction once the check is done). Closed
/// right away, it was the file's only connection, so its close checkpointed
/// the WAL the previous run left, synced the file and deleted the WAL; the
/// client then created a new WAL, synced its header and the data directory:
/// three syncs of `booking.sqlite` and one of the directory in every command
/// beyond its own commits (BENCHMARKS.md, "Syncs and requests per command").
///
/// Only `init` uses the connection; afterwards it is only kept, and closed
/// with the check. Hence `@unchecked Sendable`.
package final class DataDirectoryLockCheck: @unchecked Sendable {
    /// Why the check refused the directory.
    package enum Refusal: Error {
        /// The file or directory is not one to use; the words say why.
        case unusable(String)
        /// Another process keeps `booking.sqlite` locked for writing.
        case locked
    }

    /// The connection, nil when opening it failed for a reason left to the client.
    private let bookings: BookingDatabase?

    /// Opens and checks `booking.sqlite` in `directory`.
    ///
    /// - Throws: `.unusable` for a file the program will not use; `.locked`
    ///   when another process keeps it locked.
    package init(directory: String) throws(Refusal) {
        do {
            let bookings = try BookingDatabase(directory: directory)
            try bookings.database.run("BEGIN IMMEDIATE")
            try bookings.database.run("ROLLBACK")
            // Closed after the client's connection (the command releases
            // its client first), this is the last connection: its close
            // leaves the WAL for the next command rather than checkpointing it.
            try? bookings.database.keepWALOnClose()
            self.bookings = bookings
        } catch let error as SQLiteError where error.isUnusableFile {
            throw .unusable("\(error)")
        } catch let error as SQLiteError where error.isBusy {
            throw .locked
        } catch {
            bookings = nil
        }
    }
}
