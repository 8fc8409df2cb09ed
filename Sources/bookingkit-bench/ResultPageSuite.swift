import BookingStore
import CBookingSQLiteBaseline

/// Item 5 of the issue: the result-page cache in cache.sqlite (WAL,
/// synchronous=OFF). 1,000 puts of 20 KB pages through
/// `CacheDatabase.resultPages.put`, then 1,000 gets of them in a shuffled
/// order through `page(queryKey:pageIndex:)`, each against the same SQL in
/// raw C: the put's transaction with its INSERT OR REPLACE and the eviction
/// check's SUM, and the get's SELECT with its text copied out.
///
/// The cap is set above what the run stores (64 MiB for about 21 MB), so
/// the eviction check runs on every put and finds nothing to evict: the
/// figure is the put itself, not the eviction.
struct ResultPageSuite: BenchmarkSuite {
    let name = "result-pages"
    let summary = "put and get of 20 KB result pages, cache.sqlite (WAL, OFF)"

    /// The size of every page's `items_json`.
    static let pageBytes = 20_480
    static let byteCapacity: Int64 = 64 << 20

    func run(_ context: SuiteContext) throws -> [Figure] {
        let (warmUp, count) = context.scale == .quick ? (4, 20) : (50, 1_000)
        let total = warmUp + count
        let pages = (0..<total).map { PageFixture.page($0, bytes: Self.pageBytes) }
        guard pages.allSatisfy({ $0.itemsJSON.utf8.count == Self.pageBytes }) else {
            throw BenchError(description: "page fixture is not \(Self.pageBytes) bytes")
        }
        let cRows = CRows(count: total) { PageFixture.cRow(pages[$0], $1) }
        let storedAt = (0..<total).map { Fixtures.date(second: 1_000_000 + $0) }

        let cache = try CacheDatabase(directory: try context.directory("store"), byteCapacity: Self.byteCapacity)
        let table = cache.resultPages
        let baseline = try BaselineSchema.openCache(in: try context.directory("c"))
        let interleaver = Interleaver(warmUpRounds: warmUp, rounds: count)

        context.log("  \(Format.count(count)) puts each after \(warmUp) warm-up, interleaved")
        var baselineTotal: Int64 = 0
        let (storePuts, baselinePuts) = try interleaver.run(
            Contender(name: "BookingStore") { try table.put(pages[$0], at: storedAt[$0]) },
            Contender(name: "raw C") {
                baselineTotal = try baseline.putPage(cRows[$0], storedAt: Fixtures.milliseconds(storedAt[$0]))
            })
        let expectedBytes = Int64(total * Self.pageBytes)
        try context.expectSame("bytes cached", store: try table.totalBytes(), baseline: baselineTotal)
        try context.expectSame("bytes cached", store: baselineTotal, baseline: expectedBytes)

        // Gets in a fixed shuffled order, so neither side reads sequentially.
        let order = Self.shuffled(total)
        var storeChecksum: UInt64 = 0
        var baselineChecksum: UInt64 = 0
        context.log("  \(Format.count(count)) gets each after \(warmUp) warm-up, interleaved")
        let (storeGets, baselineGets) = try interleaver.run(
            Contender(name: "BookingStore") { index in
                let wanted = pages[order[index]]
                guard let page = try table.page(queryKey: wanted.queryKey, pageIndex: wanted.pageIndex) else {
                    throw BenchError(description: "the store lost page \(order[index])")
                }
                storeChecksum &+= PageFixture.checksum(page)
            },
            Contender(name: "raw C") { index in
                let row = cRows[order[index]]
                guard
                    let checksum = try baseline.page(queryKey: row.pointee.query_key, pageIndex: row.pointee.page_index)
                else { throw BenchError(description: "the C baseline lost page \(order[index])") }
                baselineChecksum &+= checksum
            })
        let expectedChecksum = order.reduce(UInt64(0)) { $0 &+ PageFixture.checksum(pages[$1]) }
        try context.expectSame("checksum of the pages read", store: storeChecksum, baseline: baselineChecksum)
        try context.expectSame("checksum of the pages read", store: storeChecksum, baseline: expectedChecksum)

        let putDetail =
            "\(Format.count(count)) puts each of \(Format.count(Self.pageBytes)) B, interleaved, after \(warmUp) warm-up"
        let getDetail = "\(Format.count(count)) gets each, shuffled order, interleaved, after \(warmUp) warm-up"
        return Figure.latencies(
            of: "Result-page put", store: storePuts, baseline: baselinePuts,
            p50Goal: Goal(maxRatio: 1.20, maxStoreMicroseconds: 120), p99Goal: Goal(maxRatio: 1.5), p999: true,
            detail: putDetail)
            + Figure.latencies(
                of: "Result-page get", store: storeGets, baseline: baselineGets,
                p50Goal: Goal(maxRatio: 1.20, maxStoreMicroseconds: 100), p99Goal: nil, detail: getDetail)
    }

    /// `0..<count` in a fixed pseudo-random order (Fisher-Yates over a
    /// 64-bit LCG with a fixed seed).
    static func shuffled(_ count: Int) -> [Int] {
        var order = Array(0..<count)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in stride(from: count - 1, to: 0, by: -1) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let other = Int((state >> 33) % UInt64(index + 1))
            order.swapAt(index, other)
        }
        return order
    }
}
