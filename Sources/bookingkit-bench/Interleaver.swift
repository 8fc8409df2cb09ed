/// Runs two contenders in turn in the same process, so that both see the
/// same machine: the same disk, cache, load and thermal state.
///
/// Each round runs one sample of each; the order flips every round (A B,
/// B A, A B, ...) so that neither always goes first. Warm-up rounds run the
/// same way first and are not recorded.
struct Interleaver {
    /// Rounds run and discarded first.
    let warmUpRounds: Int
    /// Rounds recorded.
    let rounds: Int

    /// Runs every round. Sample indices passed to the contenders are
    /// `0..<warmUpRounds` for the warm-up and the indices after them for the
    /// recorded rounds, so every sample can use fresh data.
    func run(_ first: Contender, _ second: Contender) throws -> (first: Samples, second: Samples) {
        var firstTimes: [Int64] = []
        var secondTimes: [Int64] = []
        firstTimes.reserveCapacity(rounds)
        secondTimes.reserveCapacity(rounds)
        for index in 0..<(warmUpRounds + rounds) {
            let recorded = index >= warmUpRounds
            if index.isMultiple(of: 2) {
                let a = try Self.time(first, index)
                let b = try Self.time(second, index)
                if recorded {
                    firstTimes.append(a)
                    secondTimes.append(b)
                }
            } else {
                let b = try Self.time(second, index)
                let a = try Self.time(first, index)
                if recorded {
                    firstTimes.append(a)
                    secondTimes.append(b)
                }
            }
        }
        return (Samples(firstTimes), Samples(secondTimes))
    }

    /// Prepares (untimed), then times one sample, in nanoseconds.
    private static func time(_ contender: Contender, _ index: Int) throws -> Int64 {
        try contender.prepare(index)
        let clock = ContinuousClock()
        let start = clock.now
        try contender.operation(index)
        return (clock.now - start).nanoseconds
    }
}
