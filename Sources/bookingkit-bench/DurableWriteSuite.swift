import BookingStore
import CBookingSQLiteBaseline

/// Item 1 of the issue: the durable attempt write, the time between a tap
/// on Pay and the request leaving. One `booking_attempt` INSERT committed in
/// booking.sqlite (WAL, synchronous=FULL), through `BookingDatabase.attempts`
/// against the same statement through the raw C API.
struct DurableWriteSuite: BenchmarkSuite {
    let name = "durable-write"
    let summary = "one attempt INSERT + durable commit, booking.sqlite (WAL, FULL)"

    func run(_ context: SuiteContext) throws -> [Figure] {
        let (warmUp, rounds) = context.scale == .quick ? (5, 20) : (200, 4_000)
        let total = warmUp + rounds
        let records = (0..<total).map(AttemptFixture.record)
        let cRows = CRows(count: total) { AttemptFixture.cRow(records[$0], $1) }

        let store = try BookingDatabase(directory: try context.directory("store"))
        let baseline = try BaselineSchema.openBooking(in: try context.directory("c"))

        context.log("  \(Format.count(rounds)) commits each after \(warmUp) warm-up, interleaved")
        let (storeTimes, baselineTimes) = try Interleaver(warmUpRounds: warmUp, rounds: rounds).run(
            Contender(name: "BookingStore") { try store.attempts.insert(records[$0]) },
            Contender(name: "raw C") { try baseline.insertAttempt(cRows[$0]) })

        try context.expectSame("attempts saved", store: try store.attempts.count(), baseline: total)
        let detail = "\(Format.count(rounds)) commits each, interleaved, after \(warmUp) warm-up"
        return Figure.latencies(
            of: "Durable attempt write", store: storeTimes, baseline: baselineTimes, p50Goal: Goal(maxRatio: 1.10),
            p99Goal: Goal(maxRatio: 1.30), detail: detail)
    }
}
