import BookingSQLite
import Foundation

/// The `recent_search` table of `cache.sqlite`.
package struct RecentSearchTable {
    let database: Database
    /// The most rows kept; older uses are deleted past it.
    package let capacity: Int

    /// One recent search.
    package struct Entry: Equatable, Sendable {
        /// The query text as typed (trimmed).
        package var query: String
        /// The place chosen for it, if any.
        package var placeID: String?
        /// When it was last used.
        package var usedAt: Date
    }

    /// Records a use of `query` (trimmed; empty is ignored), moving it to the
    /// top, and trims the table to `capacity`.
    package func recordUse(query: String, placeID: String?, at date: Date) throws {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return }
        guard trimmed.count <= 200 else {
            throw StoreError.invalidValue(field: "recent_search.query", reason: "longer than 200 characters")
        }
        try database.transaction {
            try database.run(
                """
                INSERT INTO recent_search (query, place_id, used_at) VALUES (?1, ?2, ?3)
                ON CONFLICT (query) DO UPDATE SET place_id = coalesce(excluded.place_id, place_id), used_at = excluded.used_at
                """,
                [.text(trimmed), placeID.map(SQLiteValue.text) ?? .null, .integer(date.unixMilliseconds)])
            try database.run(
                """
                DELETE FROM recent_search WHERE query NOT IN
                    (SELECT query FROM recent_search ORDER BY used_at DESC, query LIMIT ?1)
                """,
                [.integer(Int64(capacity))])
        }
    }

    /// The `limit` most recently used distinct queries, newest first.
    package func mostRecent(limit: Int) throws -> [Entry] {
        let statement = try database.cachedStatement(
            "SELECT query, place_id, used_at FROM recent_search ORDER BY used_at DESC, query LIMIT ?")
        defer { statement.reset() }
        try statement.bind(Int64(max(0, limit)), at: 1)
        var entries: [Entry] = []
        while try statement.step() {
            entries.append(
                Entry(
                    query: statement.string(at: 0), placeID: statement.optionalString(at: 1),
                    usedAt: Date(unixMilliseconds: statement.int64(at: 2))))
        }
        return entries
    }
}
