import BookingStore
import CBookingSQLiteBaseline

/// Item 2 of the issue, second half: 100,000 trips upserted in one
/// transaction (a full trip sync) through `BookingDatabase.trips.upsert`
/// inside `Database.transaction`, against raw C running the same upsert in
/// one `BEGIN IMMEDIATE ... COMMIT`. Each sample starts from an empty,
/// freshly opened booking.sqlite (opened untimed); the commit, with its
/// sync and the automatic checkpoint it triggers, is timed.
struct BulkInsertSuite: BenchmarkSuite {
    let name = "bulk-insert"
    let summary = "upsert 100,000 trips in one transaction vs raw C"

    func run(_ context: SuiteContext) throws -> [Figure] {
        let (trips, warmUp, rounds) = context.scale == .quick ? (2_000, 1, 2) : (100_000, 1, 15)
        let (records, cRows) = TripFixture.rows(count: trips)

        // One fresh database per sample, opened in `prepare`, dropped after.
        var store: BookingDatabase?
        var storeDirectory: String?
        var baseline: BaselineDatabase?
        var baselineDirectory: String?
        var counts: [Int] = []
        func finishStore() throws {
            if let database = store { counts.append(try database.trips.count()) }
            store = nil
            storeDirectory.map(context.scratch.remove)
        }
        func finishBaseline() {
            baseline = nil
            baselineDirectory.map(context.scratch.remove)
        }

        context.log("  \(Format.count(trips)) trips, \(rounds) transactions each after \(warmUp) warm-up, interleaved")
        let (storeTimes, baselineTimes) = try Interleaver(warmUpRounds: warmUp, rounds: rounds).run(
            Contender(
                name: "BookingStore",
                prepare: { _ in
                    try finishStore()
                    storeDirectory = try context.directory("store")
                    store = try BookingDatabase(directory: storeDirectory!)
                },
                operation: { _ in
                    let database = store!
                    try database.database.transaction {
                        for record in records { try database.trips.upsert(record) }
                    }
                }),
            Contender(
                name: "raw C",
                prepare: { _ in
                    finishBaseline()
                    baselineDirectory = try context.directory("c")
                    baseline = try BaselineSchema.openBooking(in: baselineDirectory!)
                },
                operation: { _ in try baseline!.insertTrips(cRows.all) }))
        try finishStore()
        finishBaseline()

        try context.expectSame("trips saved per transaction", store: Set(counts), baseline: [trips])
        return [
            Figure(
                name: "Bulk insert, \(Format.count(trips)) trips in one transaction (median)",
                kind: .throughput(items: trips, unit: "rows"), store: storeTimes.median,
                baseline: baselineTimes.median, goal: Goal(minRatio: 0.80),
                detail: "\(rounds) transactions each, fresh file each, interleaved; ratio is rows/s (store / C)")
        ]
    }
}
