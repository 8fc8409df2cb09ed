import Foundation

/// The sandbox's notion of "now", in unix milliseconds.
///
/// The server uses the wall clock (`.system`); tests inject a
/// `SandboxManualClock` to move time forward without sleeping (hold expiry,
/// idempotency-key lifetime).
public struct SandboxClock: Sendable {
    private let read: @Sendable () -> Int64

    /// A clock that answers `now()` by calling `read`.
    public init(_ read: @escaping @Sendable () -> Int64) {
        self.read = read
    }

    /// The current time in unix milliseconds.
    public func now() -> Int64 { read() }

    /// The wall clock.
    public static let system = SandboxClock {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// A clock that reads `manual`.
    public static func manual(_ manual: SandboxManualClock) -> SandboxClock {
        SandboxClock { manual.now }
    }
}
