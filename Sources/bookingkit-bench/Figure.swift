/// One row of the report: a figure measured for the store and for the C
/// baseline in the same run, their ratio, and the goal it is held to.
struct Figure {
    /// What the ratio compares.
    enum Kind {
        /// A time per operation: the ratio is store / baseline, lower is better.
        case latency
        /// A time for `items` rows: the ratio is the store's rows per second
        /// over the baseline's (baseline time / store time), higher is better.
        case throughput(items: Int, unit: String)
        /// A process's peak resident memory, KiB: the ratio is store / baseline.
        case peakMemory
        /// How many times something happened (syncs of one command): the
        /// ratio is store / baseline.
        case count(unit: String)
    }

    /// The figure's name, e.g. "Durable attempt write, p50".
    let name: String
    let kind: Kind
    /// The store's time, nanoseconds (KiB for `peakMemory`, a number for `count`).
    let store: Int64
    /// The baseline's time, in the same unit.
    let baseline: Int64
    /// The goal, when the issue sets one for this figure.
    let goal: Goal?
    /// How it was measured (sample count, sizes), for the report.
    let detail: String
    /// What the two sides are, as the text report names them.
    var sides = (measured: "BookingStore", baseline: "raw C")

    /// See `Kind`.
    var ratio: Double {
        switch kind {
        case .latency, .peakMemory: return Double(store) / Double(max(baseline, 1))
        case .count: return baseline == store ? 1 : Double(store) / Double(max(baseline, 1))
        case .throughput: return Double(baseline) / Double(max(store, 1))
        }
    }

    /// Whether the goal is met; `nil` when there is none.
    var met: Bool? {
        goal.map { $0.isMet(ratio: ratio, storeNanoseconds: store) }
    }

    /// The p50 and p99 latency figures of one operation, named
    /// "`operation`, p50" and "`operation`, p99".
    static func latencies(
        of operation: String, store: Samples, baseline: Samples, p50Goal: Goal?, p99Goal: Goal?,
        p999: Bool = false, detail: String
    ) -> [Figure] {
        let tail = [
            Figure(
                name: "\(operation), p99.9", kind: .latency, store: store.p999, baseline: baseline.p999, goal: nil,
                detail: detail)
        ]
        return [
            Figure(
                name: "\(operation), p50", kind: .latency, store: store.median, baseline: baseline.median,
                goal: p50Goal, detail: detail),
            Figure(
                name: "\(operation), p99", kind: .latency, store: store.p99, baseline: baseline.p99, goal: p99Goal,
                detail: detail),
        ] + (p999 ? tail : [])
    }
}

/// A goal of the issue for one figure: bounds on the ratio and on the
/// store's own time.
struct Goal {
    /// The ratio must not exceed this (latency figures).
    var maxRatio: Double?
    /// The ratio must reach at least this (throughput figures).
    var minRatio: Double?
    /// The store's time must not exceed this many microseconds.
    var maxStoreMicroseconds: Double?

    func isMet(ratio: Double, storeNanoseconds: Int64) -> Bool {
        if let maxRatio, ratio > maxRatio { return false }
        if let minRatio, ratio < minRatio { return false }
        if let maxStoreMicroseconds, Double(storeNanoseconds) / 1_000 > maxStoreMicroseconds { return false }
        return true
    }

    /// As the report shows it, e.g. "<= 120 us and <= 1.20x".
    var description: String {
        var parts: [String] = []
        if let maxStoreMicroseconds { parts.append("<= \(Format.number(maxStoreMicroseconds, decimals: 0)) us") }
        if let maxRatio { parts.append("<= \(Format.number(maxRatio, decimals: 2))x") }
        if let minRatio { parts.append(">= \(Format.number(minRatio, decimals: 2))x") }
        return parts.joined(separator: " and ")
    }
}
