/// A fixed list of waits before successive checks; when it runs out, the
/// checking stops and the screen says so. Deterministic: no jitter, so the
/// reducer stays pure and a test can list the exact waits.
package struct BackoffSchedule: Hashable, Sendable {
    /// The wait before each check, in order.
    package let delays: [Duration]

    /// A schedule of `delays`.
    package init(delays: [Duration]) { self.delays = delays }

    /// The number of checks the schedule allows.
    package var checkCount: Int { delays.count }

    /// The wait before check number `index` (0-based), or `nil` once the
    /// schedule is used up.
    package func delay(beforeCheck index: Int) -> Duration? {
        delays.indices.contains(index) ? delays[index] : nil
    }

    /// The sum of every wait: how long the whole schedule takes.
    package var totalWait: Duration { delays.reduce(.zero, +) }

    /// Looking up a payment whose answer was lost: at once, then after 4, 8,
    /// 16, 32 and 60 s; six checks, about two minutes, then "We could not
    /// confirm".
    package static let lostAnswer = BackoffSchedule(delays: [0, 4, 8, 16, 32, 60].map { .seconds($0) })

    /// Polling after 3-D Secure: 1, 2, 4, then 8 s; nine polls in 55 s, then
    /// "still checking".
    package static let processingPoll = BackoffSchedule(delays: [1, 2, 4, 8, 8, 8, 8, 8, 8].map { .seconds($0) })
}
