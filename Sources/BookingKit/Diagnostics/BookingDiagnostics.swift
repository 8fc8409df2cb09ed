import BookingCore
import BookingSQLite
import BookingStore
import Foundation

/// What only an operator's tool needs from the data directory, beside the
/// client: the one door through which the command line reaches the files
/// without a `BookingClient` (a bug report, the directory's preparation,
/// the SQLite library's version). An app never needs it; it is `package`.
package enum BookingDiagnostics {
    /// The name of the bookings file in a data space.
    package static let bookingsFileName = BookingDatabase.fileName

    /// The SQLite library this process runs on (`sqlite3_libversion()`).
    package static var sqliteVersion: String { SQLiteLibrary.version }

    /// Prepares a data directory (`0700`, a symbolic link refused) the way
    /// the client does.
    package static func makeDataDirectory(atPath path: String) throws {
        try BookingDatabase.makeDataDirectory(atPath: path)
    }

    /// Creates `path` `0700`, or tightens an existing one, refusing a
    /// symbolic link: the rule of the client's own files.
    package static func makeOwnerOnlyDirectory(atPath path: String) throws {
        try Database.makeOwnerOnlyDirectory(atPath: path)
    }

    /// Whether `error` says a file or directory given is not one to use
    /// (a link, not a database, damaged), as against a passing failure.
    package static func isUnusableFile(_ error: any Error) -> Bool {
        (error as? SQLiteError)?.isUnusableFile == true
    }

    /// Why a bug report could not be made.
    package enum ReportFailure: Error {
        /// No such attempt, no attempt at all, or a file of another schema:
        /// the words say which.
        case refused(String)
        /// The data space has no readable `booking.sqlite`.
        case unreadableBookings(String)
    }

    /// The bug report for attempt `id` (the latest when nil) from the data
    /// space `space`, read-only, with the event logs in `logDirectory`:
    /// `BugReport.make`.
    package static func bugReport(
        space: String, attempt id: AttemptID?, logDirectory: String?, program: String, secrets: [String]
    ) throws(ReportFailure) -> (report: BugReport, skippedLogs: [String]) {
        do {
            let database = try BookingDatabase(directory: space, access: .readOnly)
            return try BugReport.make(
                attempt: id, database: database, logDirectory: logDirectory, program: program,
                secrets: secrets)
        } catch let error as SQLiteError {
            throw .unreadableBookings("\(error)")
        } catch {
            throw .refused("\(error)")
        }
    }
}
