import BookingAPI
import BookingStore
import Foundation

/// The Retry-After gate of one server kept in the data directory's
/// `cache.sqlite`, so a new process does not send to a server that told an
/// earlier one to wait. Opens the cache for each write (rare: once per
/// `Retry-After`); a cache that cannot be
/// opened reads as no gate and drops the write. A client reads the gate
/// once, through the cache connection its search then keeps.
package struct CachedRetryAfterMemory: RetryAfterMemory {
    /// The data directory.
    package let directory: String
    /// The server's origin, the key of its row.
    package let server: String

    /// The deadline read when the memory was made from an open cache, if
    /// it was: the one read a client makes, without a second open.
    private let preloaded: Int64??

    /// The gate of `server` in `directory`'s cache.
    package init(directory: String, server: ServerAddress) {
        self.directory = directory
        self.server = server.description
        preloaded = nil
    }

    /// The gate of `server`, read now through `cache` (the client's own
    /// connection to `directory`'s cache); later saves open the cache anew.
    package init(directory: String, server: ServerAddress, reading cache: CacheDatabase, nowUnixSeconds: Int64) {
        self.directory = directory
        self.server = server.description
        preloaded = .some(Self.deadline(in: cache, server: server.description, nowUnixSeconds: nowUnixSeconds))
    }

    package func savedDeadline(nowUnixSeconds: Int64) -> Int64? {
        if let preloaded { return preloaded.flatMap { $0 > nowUnixSeconds ? $0 : nil } }
        guard let cache = try? CacheDatabase(directory: directory) else { return nil }
        return Self.deadline(in: cache, server: server, nowUnixSeconds: nowUnixSeconds)
    }

    private static func deadline(in cache: CacheDatabase, server: String, nowUnixSeconds: Int64) -> Int64? {
        try? cache.recovering { try $0.retryAfterGates.deadline(server: server, nowUnixSeconds: nowUnixSeconds) }
    }

    package func save(deadline: Int64, nowUnixSeconds: Int64) {
        _ = try? CacheDatabase(directory: directory).recovering {
            try $0.retryAfterGates.record(server: server, notBefore: deadline, nowUnixSeconds: nowUnixSeconds)
        }
    }
}
