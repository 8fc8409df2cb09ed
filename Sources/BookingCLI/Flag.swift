import Foundation

/// A flag set from a signal handler and read by a loop.
public final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    /// A flag, not set.
    public init() {}

    /// Sets the flag.
    public func set() {
        lock.lock()
        value = true
        lock.unlock()
    }

    /// Whether the flag is set.
    public var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
