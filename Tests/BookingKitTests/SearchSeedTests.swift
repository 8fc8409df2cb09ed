import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import BookingStore
import BookingTestSupport
import Foundation
import Testing

/// Search as the rules say: recents at once under two characters, answers
/// cached by query and shown at once on a repeat, an identical query not
/// sent again, a superseded request cancelled (the request itself), server
/// errors apart from offline, filters sent so a cached page holds what its
/// key says, and the next page prefetched.
@Suite struct SearchSeedTests {
    private static let query = SearchQuery(
        placeID: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!, guests: 2)

    /// A transport that holds every request whose query contains `slow`
    /// until it is cancelled, and counts the cancellations.
    final class Holding: Transport, @unchecked Sendable {
        let base: any Transport
        let slow: String
        let started = Locked(0)
        let cancelled = Locked(0)

        init(_ base: any Transport, slow: String) {
            self.base = base
            self.slow = slow
        }

        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            guard request.url.query?.hasSuffix(slow) == true else { return try await base.send(request) }
            started.withLock { $0 += 1 }
            do {
                // check-no-sleep: allowed (a slow server whose request the test cancels; nothing is asserted after it)
                try await Task.sleep(for: .seconds(60))
            } catch {
                cancelled.withLock { $0 += 1 }
                throw TransportError(.connectionLost, "cancelled")
            }
            return try await base.send(request)
        }
    }

    @Test func oneCharacterShowsRecentsAtOnceAndTwoAskTheServer() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let sleeper = NoSleeper()
        let search = try SearchRepository.over(sandbox, sleeper: sleeper)
        try await search.recordSearch("Lisbon", placeID: "plc_lisbon")
        #expect(try await search.suggestions(for: " l ") == .recents(try await search.recents().map(RecentSearch.init)))
        #expect(sleeper.recorded.isEmpty)
        #expect(sandbox.transport.requests("GET", "/v1/places/suggest").isEmpty)
        guard case .places = try await search.suggestions(for: "li") else {
            Issue.record("two characters did not ask the server")
            return
        }
        #expect(sandbox.transport.requests("GET", "/v1/places/suggest").count == 1)
    }

    @Test func aRepeatedQueryIsShownFromTheCacheWithoutARequestEvenInANewProcess() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let search = try SearchRepository(directory: sandbox.clientDirectory, api: sandbox.client(), debounce: .zero)
        let first = try await search.suggestions(for: "lisbon")
        let again = try await search.suggestions(for: "  Lisbon ")
        #expect(again == first)
        #expect(sandbox.transport.requests("GET", "/v1/places/suggest").count == 1)
        // Another repository on the same cache.sqlite, as a new run would be.
        let later = try SearchRepository(directory: sandbox.clientDirectory, api: sandbox.client(), debounce: .zero)
        #expect(try await later.suggestions(for: "lisbon") == first)
        #expect(sandbox.transport.requests("GET", "/v1/places/suggest").count == 1)
    }

    @Test func aSupersededRequestIsCancelledNotOnlyIgnored() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let holding = Holding(sandbox.transport, slow: "q=lon")
        let api = BookingAPIClient(
            server: sandbox.server, apiKey: "sk_test_t", transport: holding, sleeper: NoSleeper())
        let search = try SearchRepository(directory: sandbox.clientDirectory, api: api, debounce: .zero)
        async let first = search.suggestions(for: "lon")
        while holding.started.withLock({ $0 }) == 0 { await Task.yield() }
        let second = try await search.suggestions(for: "lond")
        #expect(try await first == .superseded)
        guard case .places = second else {
            Issue.record("got \(second)")
            return
        }
        #expect(holding.cancelled.withLock { $0 } == 1)
    }

    @Test func theSameQueryWhileInFlightIsAskedOnce() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let search = try SearchRepository(
            directory: sandbox.clientDirectory, api: sandbox.client(),
            dependencies: Dependencies(sleeper: TaskSleeper()),
            debounce: .milliseconds(50))
        async let first = search.suggestions(for: "porto")
        async let second = search.suggestions(for: "porto")
        let answers = try await [first, second]
        #expect(answers.contains { if case .places = $0 { true } else { false } })
        #expect(sandbox.transport.requests("GET", "/v1/places/suggest").count == 1)
    }

    @Test func aServerErrorIsAnErrorAndARefusedConnectionIsOffline() async throws {
        let sandbox = try SandboxFixture(route: .inProcess, faultRates: [.unavailable: 1.0])
        let search = try SearchRepository(directory: sandbox.clientDirectory, api: sandbox.client(), debounce: .zero)
        await #expect(throws: APIError.self) { try await search.suggestions(for: "lisbon") }
        let refused = BookingAPIClient(
            server: try ServerAddress("http://127.0.0.1:1"), apiKey: "sk_test_t", transport: URLSessionTransport(),
            sleeper: NoSleeper())
        let directory = TemporaryDirectory("search-refused")
        let offline = try SearchRepository(directory: directory.path, api: refused, debounce: .zero)
        #expect(try await offline.suggestions(for: "lisbon") == .offline)
    }

    @Test func filtersAreSentAndEveryCachedOfferHoldsWhatTheKeySays() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let search = try SearchRepository(directory: sandbox.clientDirectory, api: sandbox.client())
        let all = try await search.offers(Self.query, pageIndex: 0)
        let cheapest = try #require(all.items.map(\.quote.price.total.minorUnits).min())
        var filtered = Self.query
        filtered.filters = ["maxPrice": String(cheapest * 2), "minStars": "3", "freeCancellation": "true"]
        let page = try await search.offers(filtered, pageIndex: 0)
        let sent = try #require(sandbox.transport.requests("GET", "/v1/offers").last?.url.query)
        #expect(sent.contains("maxPrice=\(cheapest * 2)") && sent.contains("minStars=3"))
        #expect(sent.contains("freeCancellation=true"))
        for offer in page.items {
            #expect(offer.quote.price.total.minorUnits <= cheapest * 2)
            #expect(!offer.id.rawValue.contains("_std_"), "a standard room is not freely cancellable")
        }
        var wrong = Self.query
        wrong.filters = ["minStars": "9"]
        await #expect(throws: APIError.self) { try await search.offers(wrong, pageIndex: 0) }
    }

    @Test func theNextPageIsPrefetchedAndShownWithoutARequest() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let search = try SearchRepository(directory: sandbox.clientDirectory, api: sandbox.client())
        let first = try await search.offers(Self.query, pageIndex: 0)
        #expect(first.hasMore)
        await search.waitForPrefetch()
        let requests = sandbox.transport.requests("GET", "/v1/offers").count
        #expect(requests == 2)
        let second = try await search.offers(Self.query, pageIndex: 1)
        #expect(second.fromCache && !second.items.isEmpty)
        #expect(sandbox.transport.requests("GET", "/v1/offers").count == requests)
    }
}
