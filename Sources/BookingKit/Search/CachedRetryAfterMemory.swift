import BookingAPI
import BookingStore
import Foundation

/// The Retry-After gate of one server kept in the data directory's
/// `cache.sqlite`, so a new process does not send to a server that told an
/// earlier one to wait. Opens the cache for each write (rare: once per
/// `Retry-After`) unless it was made over the client's own connection
/// (`SharedCache`), which it then uses; a cache that cannot be opened reads
/// as no gate and drops the write. A client reads the gate once.
package struct CachedRetryAfterMemory: RetryAfterMemory {
    /// The data directory.
    package let directory: String
    /// The server's origin, the key of its row.
    package let server: String

    /// The deadline read when the memory was made from an open cache, if
    /// it was: the one read a client makes, without a second open.
    private let preloaded: Int64??
    /// The client's connection to the cache, when the memory was made over it.
    private let shared: SharedCache?

    /// The gate of `server` in `directory`'s cache.
    package init(directory: String, server: ServerAddress) {
        self.directory = directory
        self.server = server.description
        preloaded = nil
        shared = nil
    }

    /// The gate of `server`, read now through `cache` (the client's own
    /// connection to `directory`'s cache), which later saves use too.
    package init(directory: String, server: ServerAddress, sharing cache: SharedCache, nowUnixSeconds: Int64) {
        self.directory = directory
        self.server = server.description
        shared = cache
        preloaded = .some(Self.deadline(in: cache, server: server.description, nowUnixSeconds: nowUnixSeconds))
    }

    package func savedDeadline(nowUnixSeconds: Int64) -> Int64? {
        if let preloaded { return preloaded.flatMap { $0 > nowUnixSeconds ? $0 : nil } }
        guard let cache = self.cache() else { return nil }
        return Self.deadline(in: cache, server: server, nowUnixSeconds: nowUnixSeconds)
    }

    /// The client's connection, or the cache opened now.
    private func cache() -> SharedCache? {
        shared ?? (try? SharedCache(directory: directory))
    }

    private static func deadline(in cache: SharedCache, server: String, nowUnixSeconds: Int64) -> Int64? {
        try? cache.recovering { try $0.retryAfterGates.deadline(server: server, nowUnixSeconds: nowUnixSeconds) }
    }

    package func save(deadline: Int64, nowUnixSeconds: Int64) {
        _ = try? cache()?.recovering {
            try $0.retryAfterGates.record(server: server, notBefore: deadline, nowUnixSeconds: nowUnixSeconds)
        }
    }
}
