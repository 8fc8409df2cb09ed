import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import BookingStore
import BookingTestSupport
import Foundation
import Testing

@Suite(.hangLimit) struct SearchAndTripTests {
    private let query = SearchQuery(
        placeID: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!, guests: 2)

    @Test func shortInputShowsRecentsAndLongerInputAsksTheServerAfterTheDebounce() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let sleeper = NoSleeper()
        let search = try SearchRepository.over(sandbox, sleeper: sleeper)
        try await search.recordSearch("Lisbon", placeID: "plc_lisbon")
        guard case .recents(let recents) = try await search.suggestions(for: " l ") else {
            Issue.record("no recents")
            return
        }
        #expect(recents.map(\.query) == ["Lisbon"])
        #expect(sleeper.recorded.isEmpty)
        guard case .places(let places) = try await search.suggestions(for: "  lis ") else {
            Issue.record("no places")
            return
        }
        #expect(places.contains { $0.placeId == "plc_lisbon" })
        #expect(Set(places.map(\.placeId)).count == places.count)
        #expect(sleeper.recorded == [.milliseconds(250)])
        #expect(sandbox.transport.requests("GET", "/v1/places/suggest").first?.url.query == "q=lis")
    }

    @Test func aNewerKeystrokeSupersedesTheOneStillWaiting() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let gate = GateSleeper()
        let search = try SearchRepository(
            directory: sandbox.clientDirectory, api: sandbox.client(), dependencies: Dependencies(sleeper: gate),
            debounce: .milliseconds(100))
        async let first = search.suggestions(for: "lon")
        await gate.waitUntil(waiting: 1)
        async let second = search.suggestions(for: "lond")
        await gate.waitUntil(waiting: 2)
        gate.open()
        let (a, b) = try await (first, second)
        #expect(a == .superseded)
        guard case .places = b else {
            Issue.record("got \(b)")
            return
        }
        #expect(sandbox.transport.requests("GET", "/v1/places/suggest").count == 1)
    }

    @Test func offlineSuggestionsAreEmptyButABrokenServerStillSurfaces() async throws {
        let offline = BookingAPIClient(
            server: try ServerAddress("http://127.0.0.1:1"), apiKey: "sk_test_t",
            transport: URLSessionTransport(), sleeper: NoSleeper())
        let directory = TemporaryDirectory("search-offline")
        let search = try SearchRepository(
            directory: directory.path, api: offline, dependencies: Dependencies(sleeper: NoSleeper()))
        #expect(try await search.suggestions(for: "lisbon") == .offline)
        let sandbox = try SandboxFixture(route: .inProcess)
        let wrongKey = BookingAPIClient(
            server: sandbox.server, apiKey: "not-a-key", transport: sandbox.transport, sleeper: NoSleeper())
        let broken = try SearchRepository(
            directory: sandbox.clientDirectory, api: wrongKey, dependencies: Dependencies(sleeper: NoSleeper()))
        await #expect(throws: APIError.self) { try await broken.suggestions(for: "lisbon") }
    }

    @Test func offerPagesAreCachedByTheWholeQueryAndServedOfflineWithTheStaleFlag() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let clock = Locked(Date())
        let search = try SearchRepository(
            directory: sandbox.clientDirectory, api: sandbox.client(),
            dependencies: Dependencies(now: { clock.withLock { $0 } }))
        let first = try await search.offers(query, pageIndex: 0)
        #expect(!first.fromCache && !first.items.isEmpty)
        #expect(first.hasMore)
        let second = try await search.offers(query, pageIndex: 1)
        #expect(Set(second.items.map(\.id)).isDisjoint(with: first.items.map(\.id)))
        let again = try await search.offers(query, pageIndex: 0)
        #expect(again.fromCache && again.items == first.items)
        var filtered = query
        filtered.filters["minStars"] = "5"
        await search.waitForPrefetch()
        let requestsBefore = sandbox.transport.requests("GET", "/v1/offers").count
        _ = try? await search.offers(filtered, pageIndex: 0)
        // A changed filter misses (and is sent along).
        #expect(
            sandbox.transport.requests("GET", "/v1/offers").dropFirst(requestsBefore).first?.url.query?.contains(
                "minStars=5") == true)

        // Later, offline: the cached page, flagged.
        clock.withLock { $0 = $0.addingTimeInterval(20 * 60) }
        let offlineAPI = BookingAPIClient(
            server: try ServerAddress("http://127.0.0.1:1"), apiKey: "sk_test_t",
            transport: URLSessionTransport(), sleeper: NoSleeper())
        let offline = try SearchRepository(
            directory: sandbox.clientDirectory, api: offlineAPI,
            dependencies: Dependencies(now: { clock.withLock { $0 } }))
        let cached = try await offline.offers(query, pageIndex: 0, refresh: false)
        #expect(cached.fromCache && cached.pricesMayHaveChanged)
        let refreshed = try await offline.offers(query, pageIndex: 0, refresh: true)
        #expect(refreshed.offline && refreshed.pricesMayHaveChanged)
    }

    @Test func tripsSyncByVersionAndReadWithNoNetwork() async throws {
        let harness = try Harness(route: .inProcess)
        _ = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        #expect(await harness.waitForFinal().stage.kind == .confirmed)
        let trips = try TripRepository(directory: harness.sandbox.clientDirectory, api: harness.api)
        #expect(try await trips.sync() == 0)  // already saved, same version
        let offline = try TripRepository(directory: harness.sandbox.clientDirectory, api: nil)
        let list = try await offline.trips()
        #expect(list.count == 1)
        #expect(list.first?.details?.property.city == "Lisbon")
        #expect(try await offline.oldestSync() != nil)
        // Cancelled elsewhere: the sync brings the newer version.
        let bookingID = try #require(list.first?.record.bookingID)
        _ = try await trips.cancel(bookingID, key: IdempotencyKey(UUID().uuidString))
        #expect(try await offline.trip(bookingID)?.record.status == .cancelled)
        #expect(try await trips.sync() == 0)
    }
}

extension SearchRepository {
    /// A search over `sandbox`'s client directory and API that waits with `sleeper`.
    static func over(_ sandbox: SandboxFixture, sleeper: any Sleeper) throws -> SearchRepository {
        try SearchRepository(
            directory: sandbox.clientDirectory, api: sandbox.client(), dependencies: Dependencies(sleeper: sleeper))
    }
}
