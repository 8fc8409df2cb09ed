import BookingCore
import BookingStore
import Foundation
import TestSupport
import Testing

@Suite struct CacheTests {
    let directory = TemporaryDirectory("store-cache")
    let now = Fixtures.epoch

    @Test func recentSearchesAreDistinctNewestFirstAndCapped() throws {
        let cache = try CacheDatabase(directory: directory.path, recentCapacity: 3)
        let uses = ["Lisbon", "  Tokyo ", "Lisbon", "London", "New York", "Lisbon", "   "]
        for (offset, query) in uses.enumerated() {
            try cache.recentSearches.recordUse(query: query, placeID: nil, at: now.addingTimeInterval(Double(offset)))
        }
        let recent = try cache.recentSearches.mostRecent(limit: 10)
        #expect(recent.map(\.query) == ["Lisbon", "New York", "London"])
        #expect(try cache.recentSearches.mostRecent(limit: 1).map(\.query) == ["Lisbon"])
    }

    @Test func equalQueriesMeetWhateverTheFilterOrder() {
        let a = SearchQuery(
            placeID: "lis", checkIn: CalendarDate("2026-11-03")!, checkOut: CalendarDate("2026-11-05")!, guests: 2,
            filters: ["stars": "4", "maxPrice": "20000"])
        var b = SearchQuery(
            placeID: "lis", checkIn: CalendarDate("2026-11-03")!, checkOut: CalendarDate("2026-11-05")!, guests: 2)
        b.filters["maxPrice"] = "20000"
        b.filters["stars"] = "4"
        #expect(a.cacheKey == b.cacheKey)
    }

    @Test func anyChangedFieldOrFilterIsANewList() {
        let base = SearchQuery(
            placeID: "lis", checkIn: CalendarDate("2026-11-03")!, checkOut: CalendarDate("2026-11-05")!, guests: 2,
            filters: ["stars": "4"])
        var variants: [SearchQuery] = []
        var q = base
        q.placeID = "tyo"
        variants.append(q)
        q = base
        q.checkIn = CalendarDate("2026-11-04")!
        variants.append(q)
        q = base
        q.checkOut = CalendarDate("2026-11-06")!
        variants.append(q)
        q = base
        q.guests = 3
        variants.append(q)
        q = base
        q.filters["stars"] = "5"
        variants.append(q)
        q = base
        q.filters["pool"] = "yes"
        variants.append(q)
        // A value cannot forge a separator and collide with another query.
        q = base
        q.filters = ["stars": "4&f.pool=yes"]
        variants.append(q)
        let keys = Set(variants.map(\.cacheKey) + [base.cacheKey])
        #expect(keys.count == variants.count + 1)
    }

    @Test func aPagePutIsReadBackWithItsCursorAndQuoteTime() throws {
        let cache = try CacheDatabase(directory: directory.path)
        let page = ResultPage(
            queryKey: "k", pageIndex: 0, itemsJSON: #"[{"offerId":"o1"}]"#, nextCursor: "c1",
            quotedAt: now)
        try cache.resultPages.put(page, at: now)
        #expect(try cache.resultPages.page(queryKey: "k", pageIndex: 0) == page)
        #expect(try cache.resultPages.page(queryKey: "k", pageIndex: 1) == nil)
        #expect(try cache.resultPages.page(queryKey: "other", pageIndex: 0) == nil)
        #expect(page.isStale(at: now.addingTimeInterval(16 * 60), olderThan: 15 * 60))
        #expect(!page.isStale(at: now.addingTimeInterval(60), olderThan: 15 * 60))
    }

    @Test func pagesMentioningAnOfferAreFoundNewestFirst() throws {
        let cache = try CacheDatabase(directory: directory.path)
        let older = ResultPage(
            queryKey: "a", pageIndex: 0, itemsJSON: #"[{"offerId":"off_1"}]"#, nextCursor: nil,
            quotedAt: now)
        let newer = ResultPage(
            queryKey: "b", pageIndex: 2, itemsJSON: #"[{"offerId":"off_2"},{"offerId":"off_1"}]"#,
            nextCursor: "c", quotedAt: now)
        let other = ResultPage(
            queryKey: "c", pageIndex: 0, itemsJSON: #"[{"offerId":"off_3"}]"#, nextCursor: nil,
            quotedAt: now)
        try cache.resultPages.put(older, at: now)
        try cache.resultPages.put(newer, at: now.addingTimeInterval(1))
        try cache.resultPages.put(other, at: now.addingTimeInterval(2))
        var seen: [ResultPage] = []
        let none: Int? = try cache.resultPages.firstPage(mentioning: "off_1") { page in
            seen.append(page)
            return nil
        }
        #expect(none == nil && seen == [newer, older])
        // The walk stops at the first page the caller takes.
        seen = []
        let found = try cache.resultPages.firstPage(mentioning: "off_1") { page in
            seen.append(page)
            return page.queryKey
        }
        #expect(found == "b" && seen == [newer])
        #expect(try cache.resultPages.firstPage(mentioning: "off_9") { $0 } == nil)
        // Newest first from the age index, so matches come as they are met.
        let plan = try Fixtures.queryPlan(ResultPageTable.mentioningQuery, in: cache.database)
        #expect(plan == ["SCAN result_page USING INDEX result_page_by_age"], "\(plan)")
    }

    @Test func evictionKeepsTheCacheUnderItsByteCapOldestFirst() throws {
        let cache = try CacheDatabase(directory: directory.path, byteCapacity: 50_000)
        let items = String(repeating: "x", count: 20_000)
        for index in 0..<5 {
            try cache.resultPages.put(
                ResultPage(queryKey: "k", pageIndex: index, itemsJSON: items, nextCursor: nil, quotedAt: now),
                at: now.addingTimeInterval(Double(index)))
        }
        #expect(try cache.resultPages.totalBytes() <= 50_000)
        #expect(try cache.resultPages.page(queryKey: "k", pageIndex: 0) == nil)
        #expect(try cache.resultPages.page(queryKey: "k", pageIndex: 4) != nil)
        #expect(try cache.resultPages.page(queryKey: "k", pageIndex: 3) != nil)
    }

    @Test func aPageLargerThanTheCapIsStillKeptUntilTheNextPut() throws {
        let cache = try CacheDatabase(directory: directory.path, byteCapacity: 10)
        let page = ResultPage(
            queryKey: "k", pageIndex: 0, itemsJSON: String(repeating: "y", count: 100),
            nextCursor: nil, quotedAt: now)
        try cache.resultPages.put(page, at: now)
        #expect(try cache.resultPages.page(queryKey: "k", pageIndex: 0) == page)
    }
}
