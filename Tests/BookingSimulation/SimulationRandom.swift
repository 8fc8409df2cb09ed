import BookingPrimitives
import Foundation

/// The simulation's only source of chance: SplitMix64 (Steele, Lea and
/// Flood), seeded by the run's seed, so a seed replays exactly.
public struct SimulationRandom: Sendable {
    private var generator: SplitMix64

    /// A generator for `seed`.
    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        generator.next()
    }

    /// A number in `0..<bound` (`bound` > 0).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }

    /// A number in `range`.
    public mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// A lower-case identifier of `length` letters (no digits, so no id can
    /// look like a card number in the security scans).
    public mutating func letters(_ length: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        return String((0..<length).map { _ in alphabet[below(alphabet.count)] })
    }

    /// A UUID whose hex digits are all letters (`a` to `f`), so that, like
    /// `letters`, no id or key made from it can look like a card number.
    public mutating func letterUUID() -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in bytes.indices {
            bytes[index] = UInt8(10 + below(6)) << 4 | UInt8(10 + below(6))
        }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
