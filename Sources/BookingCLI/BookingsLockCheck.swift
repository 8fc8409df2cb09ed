import BookingSQLite
import BookingStore

/// `booking.sqlite` opened once before the client opens it, its write lock
/// taken for an instant: a file the program will not use (a link, emptied,
/// damaged, not a database) is rejected input (exit 2), and a file another
/// process keeps locked for writing is said as that after one busy timeout,
/// not as a failed hold or payment. Any other error is left for the client
/// to report.
///
/// The connection stays open for the command's life, beside the client's
/// (it holds no lock or read transaction once the check is done). Closed
/// right away, it was the file's only connection, so its close checkpointed
/// the WAL the previous run left, synced the file and deleted the WAL; the
/// client then created a new WAL, synced its header and the data directory:
/// three syncs of `booking.sqlite` and one of the directory in every command
/// beyond its own commits (BENCHMARKS.md, "Syncs and requests per command").
///
/// Only `init` uses the connection; afterwards it is only kept and, with
/// the command's `Services`, closed. Hence `@unchecked Sendable`.
final class BookingsLockCheck: @unchecked Sendable {
    /// The connection, nil when opening it failed for a reason left to the client.
    private let bookings: BookingDatabase?

    /// Opens and checks `booking.sqlite` in `directory`.
    ///
    /// - Throws: `.rejected` for a file the program will not use; `.failed`
    ///   with `Services.lockedMessage` when another process keeps it locked.
    init(directory: String) throws(CommandFailure) {
        do {
            let bookings = try BookingDatabase(directory: directory)
            try bookings.database.run("BEGIN IMMEDIATE")
            try bookings.database.run("ROLLBACK")
            // Closed after the client's connection (`Services` releases its
            // client first), this is the last connection: its close leaves
            // the WAL for the next command rather than checkpointing it.
            try? bookings.database.keepWALOnClose()
            self.bookings = bookings
        } catch let error as SQLiteError where error.isUnusableFile {
            throw .rejected("cannot use the data directory \(directory): \(error)")
        } catch let error as SQLiteError where error.isBusy {
            throw .failed(Services.lockedMessage(directory))
        } catch {
            bookings = nil
        }
    }
}
