import BookingStore
import CBookingSQLiteBaseline

/// The offline trip list. Every trip of booking.sqlite read through the
/// store's listing, `BookingDatabase.trips.forEachLineView` (the lean
/// `booking trips` reads the file through `TripViewerCore` instead)
/// (the typed columns of schema step 3, no JSON decoded, no String made:
/// each text's bytes copied into one buffer, the oldest sync kept), against
/// raw C stepping the same rows of an identical file and copying the same
/// bytes into one buffer; both copy the same way (`ScanBuffer`).
struct TripListingSuite: BenchmarkSuite {
    let name = "trip-listing"
    let summary = "read every trip's list line (TripLineView) vs raw C stepping the same rows and columns"

    func run(_ context: SuiteContext) throws -> [Figure] {
        let (trips, warmUp, rounds) = context.scale == .quick ? (500, 1, 3) : (10_000, 3, 41)
        let (records, cRows) = TripFixture.rows(count: trips)

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
                var buffer = ScanBuffer()
                defer { buffer.deallocate() }
                let oldest = try store.trips.forEachLineView(skipping: { _ in }) { line in
                    rows += 1
                    checksum &+= TripFixture.checksum(line, copyingInto: &buffer)
                    buffer.flushIfFull()
                }
                storeRead = (rows, checksum &+ UInt64(bitPattern: oldest.map(Fixtures.milliseconds) ?? 0))
            },
            Contender(name: "raw C") { _ in baselineRead = try baseline.scanTrips() })

        try context.expectSame("trips read", store: storeRead.rows, baseline: baselineRead.rows)
        try context.expectSame("trips read", store: storeRead.rows, baseline: trips)
        try context.expectSame("checksum of the trips read", store: storeRead.checksum, baseline: baselineRead.checksum)
        // The lines as strings (forEachLine) read the same.
        var lineSum: UInt64 = 0
        var scratch = ScanBuffer()
        defer { scratch.deallocate() }
        try store.trips.forEachLine(skipping: { _ in }) { lineSum &+= TripFixture.checksum($0, copyingInto: &scratch) }
        let oldest = try store.trips.oldestSync().map(Fixtures.milliseconds) ?? 0
        try context.expectSame(
            "checksum of the lines as strings", store: lineSum &+ UInt64(bitPattern: oldest),
            baseline: storeRead.checksum)
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
