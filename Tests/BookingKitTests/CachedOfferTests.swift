import BookingAPI
import BookingCore
import BookingKit
import BookingStore
import BookingTestSupport
import Foundation
import Testing

@Suite struct CachedOfferTests {
    @Test func anOfferListedEarlierIsFoundInTheCacheWithItsQuoteAndNoNetwork() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let search = try SearchRepository(directory: sandbox.clientDirectory, api: sandbox.client(), debounce: .zero)
        let query = SearchQuery(
            placeID: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!,
            guests: 2)
        let page = try await search.offers(query, pageIndex: 0)
        let listed = try #require(page.items.last)
        // The next page's prefetch is a request of the search, not of the
        // lookup: let it land before counting.
        await search.waitForPrefetch()
        let requestsBefore = sandbox.transport.requests("GET", "/v1/offers").count

        let found = try #require(try await search.cachedOffer(listed.id))
        #expect(found == listed)
        #expect(found.quote.id == listed.quote.id)
        #expect(try await search.cachedOffer(OfferID("off_htl_zzz99_std_20261201_20261203_2")) == nil)
        #expect(sandbox.transport.requests("GET", "/v1/offers").count == requestsBefore)
    }
}
