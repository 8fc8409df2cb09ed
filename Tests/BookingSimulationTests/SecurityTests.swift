import BookingAPI
import BookingCore
import BookingKit
import BookingSimulation
import BookingStore
import Foundation
import Testing

/// Issue 7, item 5: what a stolen phone's files must not give away, and the
/// inputs that must be refused.
@Suite struct SecurityTests {
    /// Runs seeded users who type raw card numbers half of the time, then
    /// opens the cache too, and hands over the client's directory.
    static func simulatedDevice(seed: UInt64) async throws -> Simulation {
        var settings = Simulation.Settings(seed: seed)
        settings.cardNumberPercent = 50
        settings.keepsEventLog = true
        let simulation = try await Simulation(settings: settings)
        await simulation.runRandom(steps: 16)
        let search = try SearchRepository(
            directory: simulation.clientDirectory,
            api: BookingAPIClient(
                server: try ServerAddress("https://example.com"), apiKey: "sk_test_x",
                transport: Offline()))
        try await search.recordSearch("4242 4242 4242 4242", placeID: nil)
        return simulation
    }

    struct Offline: Transport {
        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            throw TransportError(.notConnected)
        }
    }

    /// Every file under `directory`, the data spaces' folders included (a
    /// seed whose second process is another account keeps its own files in
    /// `spaces/`).
    static func files(in directory: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []).sorted()
            .map { (directory as NSString).appendingPathComponent($0) }
            .filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
    }

    @Test func noLuhnValidCardNumberIsInAnyFileAfterASimulatedRun() async throws {
        var scanned = 0
        for seed in 1...12 as ClosedRange<UInt64> {
            let simulation = try await Self.simulatedDevice(seed: seed)
            defer { simulation.removeFiles() }
            let files = Self.files(in: simulation.clientDirectory)
            #expect(files.contains { $0.hasSuffix("booking.sqlite") } && files.contains { $0.hasSuffix("events.log") })
            for file in files {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                scanned += data.count
                #expect(CardNumberScanner.cardNumbers(in: data).isEmpty, "card number in \(file), seed \(seed)")
            }
        }
        #expect(scanned > 100_000)
    }

    /// Found by the scan: a card number typed (or pasted) into the search
    /// box was saved verbatim in `recent_search` in cache.sqlite.
    @Test func aCardNumberTypedIntoSearchIsNeverSavedAsARecentSearch() async throws {
        let directory = NSTemporaryDirectory() + "bookingkit-search-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let search = try SearchRepository(
            directory: directory,
            api: BookingAPIClient(
                server: try ServerAddress("https://example.com"), apiKey: "sk_test_x", transport: Offline()))
        try await search.recordSearch("4000-0566-5566-5556", placeID: nil)
        try await search.recordSearch("lisbon", placeID: "plc_lisbon")
        let cache = try CacheDatabase(directory: directory)
        #expect(try cache.recentSearches.mostRecent(limit: 10).map(\.query) == ["lisbon"])
    }

    @Test func theScannerFindsACardNumberWhereThereIsOne() {
        for card in Simulation.cardNumbers {
            #expect(CardNumberScanner.cardNumbers(in: Data("x \(card)\u{0}".utf8)) == [card])
        }
        #expect(
            CardNumberScanner.cardNumbers(in: Data(#"{"at":4242424242424242,"id":"hold_4242424242424242"}"#.utf8))
                .isEmpty)
        #expect(CardNumberScanner.cardNumbers(in: Data(#"{"token":"4242424242424242"}"#.utf8)) == ["4242424242424242"])
    }

    @Test func databaseFilesAndSidecarsAreOwnerOnlyInAnOwnerOnlyDirectory() async throws {
        let simulation = try await Self.simulatedDevice(seed: 3)
        defer { simulation.removeFiles() }
        let repository = try BookingRepository(
            directory: simulation.clientDirectory,
            api: BookingAPIClient(
                server: try ServerAddress("https://example.com"), apiKey: "sk_test_x", transport: Offline()))
        _ = try await repository.nonFinalAttempts()  // opened: its -wal and -shm exist now
        let attributes = try FileManager.default.attributesOfItem(atPath: simulation.clientDirectory)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o700)
        let files = Self.files(in: simulation.clientDirectory)
        for suffix in ["booking.sqlite", "booking.sqlite-wal", "booking.sqlite-shm", "cache.sqlite", "events.log"] {
            #expect(files.contains { $0.hasSuffix("/" + suffix) }, "\(suffix) missing")
        }
        for file in files {
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(mode.map { $0 & 0o777 } == 0o600, "\(file) is \(String(mode ?? 0, radix: 8))")
        }
    }

    @Test func bothDatabasesAreDurableDefensiveAndSecureDeletingAfterOpen() throws {
        let directory = NSTemporaryDirectory() + "bookingkit-pragmas-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let booking = try BookingDatabase(directory: directory)
        #expect(try booking.database.pragma("synchronous") == "2")  // FULL
        #expect(try booking.database.pragma("journal_mode") == "wal")
        #expect(try booking.database.pragma("secure_delete") == "1")
        #expect(booking.database.isDefensive)
        let cache = try CacheDatabase(directory: directory)
        #expect(try cache.database.pragma("synchronous") == "0")  // OFF: rebuildable, never synced
        #expect(try cache.database.pragma("secure_delete") == "1")
        #expect(cache.database.isDefensive)
    }

    @Test(arguments: [
        "http://example.com", "http://127.0.0.1.evil.com", "http://localhost.evil.com", "http://0x7f000001",
        "http://2130706433", "http://[::ffff:127.0.0.1]", "http://10.0.0.1", "http://127.1", "HTTP://bank.example",
        "ftp://127.0.0.1", "http://user:pass@127.0.0.1", "https://example.com?x=1",
    ])
    func plainHTTPToAnythingButLoopbackIsRefused(url: String) {
        #expect(throws: ServerAddress.Rejection.self) { _ = try ServerAddress(url) }
    }

    @Test func loopbackHTTPAndHTTPSAreAccepted() throws {
        _ = try ServerAddress("http://127.0.0.1:8080")
        _ = try ServerAddress("http://localhost:1")
        _ = try ServerAddress("https://api.example.com")
    }

    @Test(arguments: [
        "http://example.com/trips/bk_1", "https://evil.com/trips/bk_1", "https://example.com.evil.com/trips/bk_1",
        "https://evil.com@example.com/trips/bk_1", "https://example.com:443@evil.com/trips/bk_1",
        "https://example.com/trips/../admin", "https://example.com/trips/%2e%2e",
        "https://example.com\\@evil.com/trips/x",
        "https://example.com/trips/bk_1?state=CONFIRMED", "https://example.com/trips/bk_1#frag",
        "https://example.com/trips/", "https://example.com/trips/bk_1/cancel", "https://example.com/Trips/bk_1",
        "https://exa\u{0}mple.com/trips/bk_1", "https://éxample.com/trips/bk_1", "javascript:alert(1)",
        "https://example.com/trips/" + String(repeating: "a", count: 600), "", "https://example.com//trips/bk_1",
        "https://example.com/trips/bk 1", "file:///etc/passwd",
    ])
    func everyHostileDeepLinkIsRejectedWithNoRoute(link: String) {
        let parser = DeepLinkParser(host: "example.com")
        #expect(throws: DeepLinkRejection.self) { _ = try parser.parse(link) }
    }

    @Test func theOneWellFormedLinkRoutesByIDOnly() throws {
        #expect(
            try DeepLinkParser(host: "example.com").parse("https://example.com/trips/bk_1") == .trip(BookingID("bk_1")))
    }
}
