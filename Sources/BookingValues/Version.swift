/// The server's per-booking counter. It only rises; a response whose version
/// is not newer than the one held is ignored (never move backwards).
public struct Version: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The counter, never negative.
    public let rawValue: Int64

    /// A version; `nil` when negative (the server never sends one).
    public init?(rawValue: Int64) {
        guard rawValue >= 0 else { return nil }
        self.rawValue = rawValue
    }

    /// The version before any answer from the server.
    package static let none = Version(rawValue: 0)!

    /// The versions a server's answer may carry (the contract: from 1,
    /// rising by one on every change). A booking changes a handful of times;
    /// a version past a million is a broken answer, refused like a
    /// malformed one, never kept (one absurd answer would freeze the trip).
    package static let contractRange: ClosedRange<Int64> = 1...1_000_000

    /// Whether this version is strictly newer than `other`.
    package func isNewer(than other: Version) -> Bool { rawValue > other.rawValue }

    /// Counter order.
    public static func < (lhs: Version, rhs: Version) -> Bool { lhs.rawValue < rhs.rawValue }
    /// `v<counter>`.
    public var description: String { "v\(rawValue)" }
}
