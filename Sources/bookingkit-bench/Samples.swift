/// Timings of one operation, in nanoseconds, sorted.
struct Samples {
    /// Every timing, shortest first.
    let nanoseconds: [Int64]

    init(_ nanoseconds: [Int64]) {
        self.nanoseconds = nanoseconds.sorted()
    }

    var count: Int { nanoseconds.count }

    /// The median (nearest rank, the lower middle for an even count).
    var median: Int64 { percentile(50) }

    /// The 99th percentile (nearest rank).
    var p99: Int64 { percentile(99) }

    /// The 99.9th percentile (nearest rank): of 1,000 samples, the second
    /// longest.
    var p999: Int64 { permille(999) }

    /// The nearest-rank percentile: the smallest sample with at least
    /// `percent`% of the samples at or below it.
    func percentile(_ percent: Int) -> Int64 {
        permille(percent * 10)
    }

    /// `percentile` in thousandths.
    func permille(_ permille: Int) -> Int64 {
        precondition(!nanoseconds.isEmpty, "no samples")
        let rank = (permille * nanoseconds.count + 999) / 1_000
        return nanoseconds[max(rank, 1) - 1]
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
