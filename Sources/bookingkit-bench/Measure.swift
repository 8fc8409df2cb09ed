import Foundation

/// Wall and CPU time of a stretch of work: the monotonic clock, and this
/// process's user + system time (`getrusage`, every thread).
enum Measure {
    /// A start: the clock and the CPU time so far.
    struct Start {
        let wall: ContinuousClock.Instant
        let cpu: Int64
    }

    static func now() -> Start {
        Start(wall: .now, cpu: processCPU())
    }

    /// Nanoseconds of wall and CPU time since `start`.
    static func since(_ start: Start) -> (wall: Int64, cpu: Int64) {
        let (seconds, attoseconds) = (ContinuousClock.now - start.wall).components
        return (seconds * 1_000_000_000 + attoseconds / 1_000_000_000, processCPU() - start.cpu)
    }

    /// This process's CPU time so far, nanoseconds.
    static func processCPU() -> Int64 {
        Platform.processCPUNanoseconds()
    }
}
