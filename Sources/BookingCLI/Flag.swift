import Foundation
import Primitives

/// A flag set from a signal handler and read by a loop.
public final class Flag: Sendable {
    private let value = Locked(false)

    /// A flag, not set.
    public init() {}

    /// Sets the flag.
    public func set() {
        value.withLock { $0 = true }
    }

    /// Whether the flag is set.
    public var isSet: Bool {
        value.withLock { $0 }
    }
}
