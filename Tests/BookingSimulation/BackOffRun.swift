/// One run of waits of one kind (polls, or lookups) checked for I7.
struct BackOffRun {
    let noun: String
    let cap: Duration
    let limit: Int
    var waits: [Duration] = []

    /// Adds the next wait of the run; returns what it breaks of I7.
    mutating func add(_ wait: Duration) -> [String] {
        var broken: [String] = []
        if wait > cap { broken.append("I7 a \(noun) waits \(wait), more than the \(cap) cap") }
        if let last = waits.last, wait < last { broken.append("I7 \(noun)s do not back off: \(wait) after \(last)") }
        waits.append(wait)
        if waits.count > limit {
            broken.append("I7 \(waits.count) \(noun)s in a row, more than the schedule's \(limit)")
        }
        return broken
    }
}
