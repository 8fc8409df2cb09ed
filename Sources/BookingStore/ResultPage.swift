import Foundation

/// One cached page of offer results.
public struct ResultPage: Equatable, Sendable {
    /// The query's canonical key (`SearchQuery.cacheKey`).
    public var queryKey: String
    /// The page's position, from 0.
    public var pageIndex: Int
    /// The items as the server sent them (JSON array text).
    public var itemsJSON: String
    /// The server's opaque cursor for the next page; `nil` on the last page.
    public var nextCursor: String?
    /// When the server quoted these prices: past a staleness age the screen
    /// says prices may have changed.
    public var quotedAt: Date

    /// Creates a page.
    public init(queryKey: String, pageIndex: Int, itemsJSON: String, nextCursor: String?, quotedAt: Date) {
        self.queryKey = queryKey
        self.pageIndex = pageIndex
        self.itemsJSON = itemsJSON
        self.nextCursor = nextCursor
        self.quotedAt = quotedAt
    }

    /// Whether the prices are older than `age` at `now`.
    public func isStale(at now: Date, olderThan age: TimeInterval) -> Bool {
        now.timeIntervalSince(quotedAt) > age
    }
}
