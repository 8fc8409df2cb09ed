import BookingSQLite
import Foundation

/// The `result_page` table of `cache.sqlite`: pages of offers keyed by the
/// whole query, kept under a byte cap by evicting the oldest pages.
package struct ResultPageTable {
    let database: Database
    /// The most bytes of `items_json` kept; oldest pages go first past it.
    package let byteCapacity: Int64

    /// Saves a page (replacing the same query and index), then evicts the
    /// oldest pages until the cache is under its byte cap. The page just
    /// saved is never evicted by its own put.
    package func put(_ page: ResultPage, at date: Date) throws {
        let size = Int64(page.itemsJSON.utf8.count)
        try database.transaction {
            let insert = try database.cachedStatement(
                """
                INSERT OR REPLACE INTO result_page
                    (query_key, page_index, next_cursor, quoted_at, stored_at, byte_size, items_json)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            defer { insert.reset() }
            try insert.bind(page.queryKey, at: 1)
            try insert.bind(Int64(page.pageIndex), at: 2)
            try insert.bind(page.nextCursor, at: 3)
            try insert.bind(page.quotedAt.unixMilliseconds, at: 4)
            try insert.bind(date.unixMilliseconds, at: 5)
            try insert.bind(size, at: 6)
            try insert.bind(page.itemsJSON, at: 7)
            try insert.run()
            try evict(keeping: (page.queryKey, page.pageIndex))
        }
    }

    /// The page for this query key and index, if cached.
    package func page(queryKey: String, pageIndex: Int) throws -> ResultPage? {
        let statement = try database.cachedStatement(
            "SELECT next_cursor, quoted_at, items_json FROM result_page WHERE query_key = ? AND page_index = ?")
        defer { statement.reset() }
        try statement.bind(queryKey, at: 1)
        try statement.bind(Int64(pageIndex), at: 2)
        guard try statement.step() else { return nil }
        return ResultPage(
            queryKey: queryKey, pageIndex: pageIndex, itemsJSON: statement.string(at: 2),
            nextCursor: statement.optionalString(at: 0), quotedAt: Date(unixMilliseconds: statement.int64(at: 1)))
    }

    /// Every cached page of one query, in page order.
    package func pages(queryKey: String) throws -> [ResultPage] {
        var pages: [ResultPage] = []
        var index = 0
        while let page = try page(queryKey: queryKey, pageIndex: index) {
            pages.append(page)
            index += 1
        }
        return pages
    }

    /// Walks the cached pages whose items mention `text`, most recently
    /// stored first, until `match` returns a value (the caller decodes the
    /// items to match exactly), and returns it; nil when no page matched.
    ///
    /// The walk reads the pages newest first from `result_page_by_age` and
    /// stops at the match, so the offer a user just listed is found in the
    /// newest pages without reading the rest of a full cache (reading all
    /// of a 16 MiB cache took about 30 ms on every hold and twice on a pay).
    package func firstPage<T>(mentioning text: String, _ match: (ResultPage) throws -> T?) throws -> T? {
        let statement = try database.cachedStatement(Self.mentioningQuery)
        defer { statement.reset() }
        try statement.bind(text, at: 1)
        while try statement.step() {
            let page = ResultPage(
                queryKey: statement.string(at: 0), pageIndex: Int(statement.int64(at: 1)),
                itemsJSON: statement.string(at: 4), nextCursor: statement.optionalString(at: 2),
                quotedAt: Date(unixMilliseconds: statement.int64(at: 3)))
            if let found = try match(page) { return found }
        }
        return nil
    }

    /// The query of `firstPage(mentioning:_:)`: newest first by the age
    /// index alone, so SQLite hands over each match as it meets it instead
    /// of sorting them all first.
    package static let mentioningQuery = """
        SELECT query_key, page_index, next_cursor, quoted_at, items_json FROM result_page
        WHERE instr(items_json, ?) > 0 ORDER BY stored_at DESC
        """

    /// Deletes every page of one query (a refresh starts the list again).
    package func removePages(queryKey: String) throws {
        try database.run("DELETE FROM result_page WHERE query_key = ?", [.text(queryKey)])
    }

    /// The query keys with a cached first page and when it was quoted,
    /// most recently stored first: what a device with no network can show.
    package func savedQueries(limit: Int) throws -> [(queryKey: String, quotedAt: Date)] {
        let statement = try database.prepare(
            "SELECT query_key, quoted_at FROM result_page WHERE page_index = 0 ORDER BY stored_at DESC, query_key LIMIT ?"
        )
        try statement.bind(Int64(max(0, limit)), at: 1)
        var saved: [(queryKey: String, quotedAt: Date)] = []
        while try statement.step() {
            saved.append((statement.string(at: 0), Date(unixMilliseconds: statement.int64(at: 1))))
        }
        return saved
    }

    /// The bytes of `items_json` now cached.
    package func totalBytes() throws -> Int64 {
        guard case .integer(let total)? = try database.scalar("SELECT coalesce(sum(byte_size), 0) FROM result_page")
        else {
            return 0
        }
        return total
    }

    private func evict(keeping kept: (String, Int)) throws {
        var total = try totalBytes()
        guard total > byteCapacity else { return }
        let oldest = try database.prepare(
            "SELECT query_key, page_index, byte_size FROM result_page ORDER BY stored_at, byte_size")
        var victims: [(String, Int64)] = []
        while total > byteCapacity, try oldest.step() {
            let key = oldest.string(at: 0)
            let index = oldest.int64(at: 1)
            if key == kept.0 && index == Int64(kept.1) { continue }
            victims.append((key, index))
            total -= oldest.int64(at: 2)
        }
        for (key, index) in victims {
            try database.run(
                "DELETE FROM result_page WHERE query_key = ? AND page_index = ?", [.text(key), .integer(index)])
        }
    }
}
