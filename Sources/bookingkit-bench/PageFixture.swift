import BookingCore
import BookingStore
import CBookingSQLiteBaseline
import Foundation

/// Pages of offer results as the search screen caches them: 20 pages per
/// query, each a JSON array of offers padded to exactly `bytes` bytes.
/// Deterministic.
enum PageFixture {
    /// Pages per query.
    static let pagesPerQuery = 20

    /// The cache key of query number `query`.
    static func queryKey(_ query: Int) -> String {
        SearchQuery(
            placeID: "place_lisbon_\(query)", checkIn: CalendarDate("2026-11-03")!,
            checkOut: CalendarDate("2026-11-06")!, guests: 2,
            filters: ["maxPrice": "25000", "stars": "4", "sort": "price"]
        ).cacheKey
    }

    /// Page number `index` (query `index / 20`, page `index % 20`) of
    /// exactly `bytes` bytes of `items_json`.
    static func page(_ index: Int, bytes: Int) -> ResultPage {
        let query = index / pagesPerQuery
        let pageIndex = index % pagesPerQuery
        return ResultPage(
            queryKey: queryKey(query),
            pageIndex: pageIndex,
            itemsJSON: itemsJSON(index, bytes: bytes),
            nextCursor: pageIndex == pagesPerQuery - 1 ? nil : "cur_\(Fixtures.hex(index * 104_729, width: 16))",
            quotedAt: Fixtures.date(second: index))
    }

    /// The same page for the C baseline.
    static func cRow(_ page: ResultPage, _ strings: CStringPool) -> bkb_page {
        bkb_page(
            query_key: strings.copy(page.queryKey),
            page_index: Int64(page.pageIndex),
            next_cursor: strings.copy(page.nextCursor),
            quoted_at: Fixtures.milliseconds(page.quotedAt),
            items_json: strings.copy(page.itemsJSON),
            byte_size: Int64(page.itemsJSON.utf8.count))
    }

    /// What both sides add up over a page they read.
    static func checksum(_ page: ResultPage) -> UInt64 {
        UInt64(bitPattern: Fixtures.milliseconds(page.quotedAt)) &+ UInt64(page.nextCursor?.utf8.count ?? 0)
            &+ UInt64(page.itemsJSON.utf8.count)
    }

    /// A JSON array of offers, the last one's `note` padded so the whole
    /// text is exactly `bytes` bytes (at least one offer's worth).
    private static func itemsJSON(_ page: Int, bytes: Int) -> String {
        var offers: [String] = []
        var size = 2  // the brackets
        var item = 0
        while true {
            let offer = offerJSON(page: page, item: item, note: "")
            // Room for this offer, a comma, and one more offer after it?
            guard size + offer.utf8.count + 1 + offer.utf8.count + 1 <= bytes || offers.isEmpty else { break }
            offers.append(offer)
            size += offer.utf8.count + (offers.count > 1 ? 1 : 0)
            item += 1
        }
        // The last offer, padded to fill the page.
        let last = offerJSON(page: page, item: item, note: "")
        let padding = max(0, bytes - size - 1 - last.utf8.count)
        offers.append(offerJSON(page: page, item: item, note: String(repeating: "x", count: padding)))
        return "[" + offers.joined(separator: ",") + "]"
    }

    private static func offerJSON(page: Int, item: Int, note: String) -> String {
        let serial = page * 1_000 + item
        return """
            {"offerId":"off_\(Fixtures.hex(serial, width: 10))","quoteId":"quo_\(Fixtures.hex(serial &* 31, width: 12))",\
            "propertyId":"prop_\(serial % 997)","name":"Hotel Miradouro \(serial % 997)","stars":\(1 + serial % 5),\
            "price":{"currency":"EUR","nightly":\(9_000 + serial % 7_000),"taxes":\(400 + serial % 300),\
            "fees":150,"total":\(27_000 + serial % 21_000)},"quotedAt":"2026-05-28T10:00:00Z",\
            "room":"Double room, city view","refundable":\(serial % 2 == 0),"note":"\(note)"}
            """
    }
}
