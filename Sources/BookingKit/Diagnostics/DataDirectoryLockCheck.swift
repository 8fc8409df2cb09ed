import BookingPrimitives
import BookingSQLite
import BookingStore

/// `booking.sqlite` opened once before the client opens it, its write lock
/// taken for an instant: a file the program will not use (a link, emptied,
/// damaged, not a database) is refused, and a file another process keeps
/// locked for writing is said as that after one busy timeout, not as a
/// failed hold or payment. Any other error is left for the client to
/// report. The command line's check, through `BookingDiagnostics`.
///
/// The connection is then handed to the client (`handOver()`,
/// `BookingClient.Seams.bookingsConnection`), which runs on it: one open of
/// `booking.sqlite` for both. It keeps the WAL when it closes: closed as
/// the file's last connection it would checkpoint the WAL the previous run
/// left, sync the file and delete the WAL, and the next command would
/// create it anew (BENCHMARKS.md, "Syncs and requests per command").
///
/// Only `init` uses the connection; afterwards it is only handed over once,
/// under a lock.
package final class DataDirectoryLockCheck: Sendable {
    /// Why the check refused the directory.
    package enum Refusal: Error {
        /// The file or directory is not one to use; the words say why.
        case unusable(String)
        /// Another process keeps `booking.sqlite` locked for writing.
        case locked
    }

    /// The connection, nil when opening it failed for a reason left to the
    /// client, or once handed over.
    private let bookings: Locked<BookingDatabase?>

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
            self.bookings = Locked(bookings)
        } catch let error as SQLiteError where error.isUnusableFile {
            throw .unusable("\(error)")
        } catch let error as SQLiteError where error.isBusy {
            throw .locked
        } catch {
            bookings = Locked(nil)
        }
    }

    /// The checked connection, for the client to run on; nil after the
    /// first call, or when the check could not open one.
    package func handOver() -> BookingConnection? {
        bookings.withLock { bookings in
            defer { bookings = nil }
            return bookings.map(BookingConnection.init)
        }
    }
}

/// An open `booking.sqlite` passed from the code that opened it to the one
/// that takes it over (the lock check to the client's repository): used by
/// one owner at a time, never two. Hence `@unchecked Sendable`.
package final class BookingConnection: @unchecked Sendable {
    let database: BookingDatabase

    init(_ database: BookingDatabase) {
        self.database = database
    }
}
