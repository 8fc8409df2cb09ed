import BookingCore
import BookingSandbox
import BookingStore
import Foundation

/// What both growth suites start from: a sandbox over loopback, and two
/// data directories, one empty and one grown as a device that has booked
/// for years would be (trips, settled attempts, a full result-page cache).
struct GrowthFixture {
    /// The suite's scratch directory (the sandbox's file is under it).
    let root: String
    let server: SandboxServer
    let port: UInt16
    let grown: String
    let empty: String
    /// The grown directory's cached result pages, bytes.
    let cachedBytes: Int64

    /// Starts the sandbox and fills the grown directory; logs its size.
    init(_ context: SuiteContext, name: String, trips: Int, attempts: Int) throws {
        root = try context.directory(name)
        server = try SandboxServer(configuration: SandboxConfiguration(databasePath: root + "/sandbox/sandbox.sqlite"))
        port = try server.start()
        empty = try context.directory(name + "-empty")
        grown = try context.directory(name + "-grown")
        cachedBytes = try Self.grow(grown, trips: trips, attempts: attempts)
        context.log("  grown: \(trips) trips, \(attempts) settled attempts, \(cachedBytes / 1_024) KiB of cached pages")
    }

    /// Stops the sandbox.
    func shutdown() {
        let server = server
        ReconcileSuite.wait { await server.shutdown() }
    }

    /// Fills `directory` as a device that has booked for years would be;
    /// returns the cached bytes.
    static func grow(_ directory: String, trips: Int, attempts: Int) throws -> Int64 {
        let store = try BookingDatabase(directory: directory)
        try store.database.transaction {
            for index in 0..<trips { try store.trips.upsert(TripFixture.record(index)) }
            let settled: [AttemptPhase] = [.failed, .expired, .abandoned]
            for index in 0..<attempts {
                let record = AttemptFixture.record(index)
                try store.attempts.insert(
                    SavedAttempt(
                        attempt: record.attempt, phase: settled[index % settled.count],
                        createdAtMilliseconds: record.createdAtMilliseconds))
            }
        }
        let cache = try CacheDatabase(directory: directory)
        var index = 0
        var total: Int64 = 0
        // Until the cache evicts: then it is full.
        while true {
            try cache.resultPages.put(PageFixture.page(index, bytes: 20_000), at: Fixtures.date(second: index))
            let now = try cache.resultPages.totalBytes()
            if now <= total { return now }
            total = now
            index += 1
        }
    }
}
