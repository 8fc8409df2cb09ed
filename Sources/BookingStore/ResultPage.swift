import Foundation

/// One cached page of offer results.
package struct ResultPage: Equatable, Sendable {
    /// The query's canonical key (`SearchQuery.cacheKey`).
    package var queryKey: String
    /// The page's position, from 0.
    package var pageIndex: Int
    /// The items as the server sent them (JSON array text).
    package var itemsJSON: String
    /// The server's opaque cursor for the next page; `nil` on the last page.
    package var nextCursor: String?
    /// When the server quoted these prices: past a staleness age the screen
    /// says prices may have changed.
    package var quotedAt: Date

    /// Creates a page.
    package init(queryKey: String, pageIndex: Int, itemsJSON: String, nextCursor: String?, quotedAt: Date) {
        self.queryKey = queryKey
        self.pageIndex = pageIndex
        self.itemsJSON = itemsJSON
        self.nextCursor = nextCursor
        self.quotedAt = quotedAt
    }

    /// Whether the prices are older than `age` at `now`.
    package func isStale(at now: Date, olderThan age: TimeInterval) -> Bool {
        now.timeIntervalSince(quotedAt) > age
    }
}
