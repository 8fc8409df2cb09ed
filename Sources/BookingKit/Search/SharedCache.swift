import BookingPrimitives
import BookingStore

/// The client's one connection to `cache.sqlite`, shared by every part that
/// uses the cache: the search, the payment-method switch, the Retry-After
/// gate and the restored hold's price. A command opens the file once. Each
/// use is one `recovering` call, whole under one lock, so two never
/// interleave on the connection (a transaction is never another's).
package final class SharedCache: Sendable {
    private let connection: Locked<CacheDatabase>

    /// Takes over `cache`: from now on it is used only through this.
    package init(_ cache: sending CacheDatabase) {
        connection = Locked(cache)
    }

    /// Opens `cache.sqlite` in `directory`, rebuilding it when damaged.
    package convenience init(directory: String) throws {
        self.init(try CacheDatabase(directory: directory))
    }

    /// Runs `body` on the connection, holding the lock; a damaged file is
    /// rebuilt and `body` run again (`CacheDatabase.recovering`).
    package func recovering<T>(_ body: (CacheDatabase) throws -> T) throws -> T {
        try connection.withLock { try $0.recovering(body) }
    }
}
