import BookingPrimitives
import Foundation

/// A flag set from a signal handler and read by a loop.
package final class Flag: Sendable {
    private let value = Locked(false)

    /// A flag, not set.
    package init() {}

    /// Sets the flag.
    package func set() {
        value.withLock { $0 = true }
    }

    /// Sets the flag; true for the one call that set it, false when it
    /// was set already (the first of two racing paths wins).
    package func setOnce() -> Bool {
        value.withLock { wasSet in
            defer { wasSet = true }
            return !wasSet
        }
    }

    /// Whether the flag is set.
    package var isSet: Bool {
        value.withLock { $0 }
    }
}
