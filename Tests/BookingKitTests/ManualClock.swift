import Foundation

/// A clock the test moves by hand. `sleep` returns at once after moving the
/// clock to the deadline, so nothing in a test waits for real time.
final class ManualClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current: Instant

    init(startingAt offset: Duration = .seconds(1_000)) { current = Instant(offset: offset) }

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .nanoseconds(1) }

    func advance(by duration: Duration) { lock.withLock { current = current.advanced(by: duration) } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        lock.withLock { if deadline > current { current = deadline } }
    }
}
