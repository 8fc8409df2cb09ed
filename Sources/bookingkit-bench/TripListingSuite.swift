import BookingStore
import CSQLiteBaseline

/// Item 2 of the issue, first half: the offline trip list. Every trip of
/// booking.sqlite decoded into `TripRecord` values through
/// `BookingDatabase.trips.forEach`, against raw C stepping the same rows
/// of an identical file and copying every column into C values.
struct TripListingSuite: BenchmarkSuite {
    let name = "trip-listing"
    let summary = "decode every trip into TripRecord vs raw C stepping the same rows"

    func run(_ context: SuiteContext) throws -> [Figure] {
        let (trips, warmUp, rounds) = context.scale == .quick ? (500, 1, 3) : (10_000, 3, 41)
        let records = (0..<trips).map(TripFixture.record)
        let cRows = CRows(count: trips) { TripFixture.cRow(records[$0], $1) }
        let expectedChecksum = records.reduce(UInt64(0)) { $0 &+ TripFixture.checksum($1) }

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
        try context.expectSame("checksum of the trips read", store: storeRead.checksum, baseline: expectedChecksum)
        return [
            Figure(
                name: "Trip listing, \(Format.count(trips)) trips (median)",
                kind: .throughput(items: trips, unit: "rows"),
                store: storeTimes.median, baseline: baselineTimes.median, goal: Goal(minRatio: 0.75),
                detail: "\(rounds) listings each, interleaved; ratio is rows/s (store / C)")
        ]
    }
}
