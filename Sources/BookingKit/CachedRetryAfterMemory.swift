import BookingAPI
import BookingStore
import Foundation

/// The Retry-After gate of one server kept in the data directory's
/// `cache.sqlite`, so a new process does not send to a server that told an
/// earlier one to wait. Opens the cache for each read or write (both are
/// rare: once at start, once per `Retry-After`); a cache that cannot be
/// opened reads as no gate and drops the write.
package struct CachedRetryAfterMemory: RetryAfterMemory {
    /// The data directory.
    package let directory: String
    /// The server's origin, the key of its row.
    package let server: String

    /// The gate of `server` in `directory`'s cache.
    package init(directory: String, server: ServerAddress) {
        self.directory = directory
        self.server = server.description
    }

    package func savedDeadline(nowUnixSeconds: Int64) -> Int64? {
        try? CacheDatabase(directory: directory).recovering {
            try $0.retryAfterGates.deadline(server: server, nowUnixSeconds: nowUnixSeconds)
        }
    }

    package func save(deadline: Int64, nowUnixSeconds: Int64) {
        _ = try? CacheDatabase(directory: directory).recovering {
            try $0.retryAfterGates.record(server: server, notBefore: deadline, nowUnixSeconds: nowUnixSeconds)
        }
    }
}
