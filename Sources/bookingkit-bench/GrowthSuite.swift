import Foundation

/// Cost that stays flat as the device's data grows: a launch, a booking
/// (hold + pay) and a trip read on a data directory holding 100,000 trips,
/// 1,000 settled attempts and a full result-page cache, against the same on
/// an empty one, turn about, on one sandbox over loopback. The baseline is
/// the empty directory, so the ratio is what the data costs.
struct GrowthSuite: BenchmarkSuite {
    let name = "growth"
    let summary = "launch, booking and trip read with 100,000 trips, 1,000 attempts, a full cache vs empty"

    func run(_ context: SuiteContext) throws -> [Figure] {
        let quick = context.scale == .quick
        let rounds = quick ? 2 : 30
        let trips = quick ? 1_000 : 100_000
        let attempts = quick ? 50 : 1_000
        let fixture = try GrowthFixture(context, name: "growth", trips: trips, attempts: attempts)
        defer { fixture.shutdown() }
        let (root, port, grown, empty, cached) = (
            fixture.root, fixture.port, fixture.grown, fixture.empty, fixture.cachedBytes
        )
        // The offers come through a third client, so neither side's cache changes.
        let offers = try LibraryBooker(port: port, directory: root + "/offers", account: "benchoffers")
            .offers(count: 2 * (rounds + 1))

        var launch: [Bool: [Int64]] = [:]
        var booking: [Bool: [Int64]] = [:]
        var tripRead: [Bool: [Int64]] = [:]
        var requests: [Bool: Set<Int>] = [:]
        for round in 0...rounds {
            for isGrown in round % 2 == 0 ? [true, false] : [false, true] {
                let start = Measure.now()
                let booker = try LibraryBooker(
                    port: port, directory: isGrown ? grown : empty, account: isGrown ? "benchgrown" : "benchempty")
                let launched = Measure.since(start).wall
                let paying = Measure.now()
                let id = try booker.book(offers[2 * round + (isGrown ? 0 : 1)])
                let booked = Measure.since(paying).wall
                let reading = Measure.now()
                try booker.readTrip(id)
                let read = Measure.since(reading).wall
                booker.close()
                requests[isGrown, default: []].formUnion(booker.requestsPerBooking)
                guard round > 0 else { continue }  // the first round is the warm-up
                launch[isGrown, default: []].append(launched)
                booking[isGrown, default: []].append(booked)
                tripRead[isGrown, default: []].append(read)
            }
        }
        try context.expectSame("requests per booking", store: requests[true], baseline: requests[false])
        let detail =
            "median of \(rounds) rounds, turn about; grown: \(trips) trips, \(attempts) settled attempts, "
            + "\(cached / 1_024) KiB of cached result pages; the same sandbox over loopback"
        func figure(_ name: String, _ samples: [Bool: [Int64]]) -> Figure {
            Figure(
                name: name, kind: .latency, store: Samples(samples[true] ?? [0]).median,
                baseline: Samples(samples[false] ?? [0]).median, goal: Goal(maxRatio: 1.2), detail: detail,
                sides: ("grown", "empty"))
        }
        return [
            figure("Growth: launch (open + launch())", launch),
            figure("Growth: booking (hold + pay)", booking),
            figure("Growth: trip read by id", tripRead),
        ]
    }
}
