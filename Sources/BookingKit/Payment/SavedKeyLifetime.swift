import BookingAPI
import BookingPrimitives
import BookingStore
import Foundation

/// The server's `Idempotency-Key-Lifetime` kept in the data directory's
/// `booking.sqlite` (`KeyLifetimeTable`), where the repository reads it for
/// every resend and every reconciliation, in this process and the next.
///
/// Writes only a change (the header comes on every answer): a value other
/// than the one saved, read once per process and again on each change. A
/// file that cannot be written drops the value and logs it (the saved one,
/// or the configured lifetime, holds).
/// A refused header is logged at debug level and changes nothing.
package struct SavedKeyLifetime: KeyLifetimeMemory {
    /// The data directory.
    package let directory: String
    /// The server's origin, the key of its row.
    package let server: String
    private let logger: Logger
    private let written = Locked<Int64?>(nil)

    /// The lifetime of `server` in `directory`'s `booking.sqlite`.
    init(directory: String, server: ServerAddress, logger: Logger) {
        self.directory = directory
        self.server = server.description
        self.logger = logger.named("key-lifetime")
    }

    /// The same, logging to `logHandler` (tests and tools).
    package init(directory: String, server: ServerAddress, logHandler: any LogHandler = SilentLogHandler()) {
        self.init(directory: directory, server: server, logger: Logger(handler: logHandler, source: "BookingKit"))
    }

    /// Takes `seconds` as the value the file holds (read on a connection
    /// already open): the same value in a header then opens nothing.
    func knowSaved(_ seconds: Int64?) {
        guard let seconds else { return }
        written.withLock { last in
            if last == nil { last = seconds }
        }
    }

    package func save(seconds: Int64) {
        let changed = written.withLock { last -> Bool in
            guard last != seconds else { return false }
            last = seconds
            return true
        }
        guard changed else { return }
        do {
            let database = try BookingDatabase(directory: directory)
            // Read first: a value already saved (by an earlier run) costs
            // no commit, and so no sync of the file.
            guard try database.keyLifetimes.seconds(server: server) != seconds else { return }
            try database.keyLifetimes.record(server: server, seconds: seconds, at: Date())
            logger.log(.debug, "the server keeps idempotency keys \(seconds) s", ["server": server])
        } catch {
            written.withLock { $0 = nil }  // tried again on the next answer
            logger.warning("cannot save the server's key lifetime", error: error, ["seconds": String(seconds)])
        }
    }

    package func refuse(header: String, reason: String) {
        logger.log(
            .debug, "ignored an Idempotency-Key-Lifetime header: \(reason)",
            ["server": server, "header": String(header.prefix(40))])
    }
}
