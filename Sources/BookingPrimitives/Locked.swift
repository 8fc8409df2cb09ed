/// A value behind a lock, for the few places that need shared mutable state
/// outside an actor (a listener's connection table, a sandbox's database,
/// an event log's file handle).
///
/// (`Synchronization.Mutex` does this too, but needs iOS 18 / macOS 15;
/// the package supports iOS 16 / macOS 13.)
public final class Locked<Value>: @unchecked Sendable {
    private let lock = PlatformMutex()
    private var value: Value

    /// Wraps `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
