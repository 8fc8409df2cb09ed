import BookingStore
import CSQLiteBaseline

/// The offline trip list. Every trip of booking.sqlite read into
/// `TripRecord` values through `BookingDatabase.trips.forEach` (the typed
/// columns of schema step 3, no JSON decoded), against raw C stepping the
/// same rows of an identical file and copying the same columns into C values.
struct TripListingSuite: BenchmarkSuite {
    let name = "trip-listing"
    let summary = "read every trip's listed columns into TripRecord vs raw C stepping the same rows"

    func run(_ context: SuiteContext) throws -> [Figure] {
        let (trips, warmUp, rounds) = context.scale == .quick ? (500, 1, 3) : (10_000, 3, 41)
        let records = (0..<trips).map(TripFixture.record)
        let cRows = CRows(count: trips) { TripFixture.cRow(records[$0], $1) }

        let store = try BookingDatabase(directory: try context.directory("store"))
        try store.database.transaction {
            for record in records { try store.trips.upsert(record) }
        }
        let baseline = try BaselineSchema.openBooking(in: try context.directory("c"))
        try baseline.insertTrips(cRows.all)

        var storeRead = (rows: 0, checksum: UInt64(0))
        var baselineRead = (rows: 0, checksum: UInt64(0))
        context.log("  \(Format.count(trips)) trips, \(rounds) listings each after \(warmUp) warm-up, interleaved")
        let (storeTimes, baselineTimes) = try Interleaver(warmUpRounds: warmUp, rounds: rounds).run(
            Contender(name: "BookingStore") { _ in
                var rows = 0
                var checksum: UInt64 = 0
                try store.trips.forEach { trip in
                    rows += 1
                    checksum &+= TripFixture.checksum(trip)
                }
                storeRead = (rows, checksum)
            },
            Contender(name: "raw C") { _ in baselineRead = try baseline.scanTrips() })

        try context.expectSame("trips read", store: storeRead.rows, baseline: baselineRead.rows)
        try context.expectSame("trips read", store: storeRead.rows, baseline: trips)
        try context.expectSame("checksum of the trips read", store: storeRead.checksum, baseline: baselineRead.checksum)
        // Every row has its columns (the fixture's JSON has a trip's shape).
        var withColumns = 0
        try store.trips.forEach { if $0.summary != nil { withColumns += 1 } }
        try context.expectSame("trips with their listed columns", store: withColumns, baseline: trips)
        return [
            Figure(
                name: "Trip listing, \(Format.count(trips)) trips (median)",
                kind: .throughput(items: trips, unit: "rows"),
                store: storeTimes.median, baseline: baselineTimes.median, goal: Goal(minRatio: 0.9),
                detail: "\(rounds) listings each, interleaved; ratio is rows/s (store / C)")
        ]
    }
}
