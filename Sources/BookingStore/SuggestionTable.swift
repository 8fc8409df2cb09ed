import BookingSQLite
import Foundation

/// The `suggestion` table of `cache.sqlite`: the server's place suggestions
/// by query, so a repeated query is answered at once.
package struct SuggestionTable {
    let database: Database
    /// The most queries kept; the oldest answers go first past it.
    package let capacity: Int

    /// One cached answer.
    package struct Entry: Equatable, Sendable {
        /// The items as the server sent them (a JSON array).
        package var itemsJSON: String
        /// When they were fetched.
        package var fetchedAt: Date
    }

    /// The key a query is cached under: trimmed and lowercased.
    package static func key(_ query: String) -> String {
        query.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Saves the answer to `query` (replacing an older one) and trims the
    /// table to `capacity`.
    package func put(query: String, itemsJSON: String, at date: Date) throws {
        let key = Self.key(query)
        guard (1...200).contains(key.count) else {
            throw StoreError.invalidValue(field: "suggestion.query", reason: "not 1 to 200 characters")
        }
        try database.transaction {
            try database.run(
                "INSERT OR REPLACE INTO suggestion (query, items_json, fetched_at) VALUES (?1, ?2, ?3)",
                [.text(key), .text(itemsJSON), .integer(date.unixMilliseconds)])
            try database.run(
                """
                DELETE FROM suggestion WHERE query NOT IN
                    (SELECT query FROM suggestion ORDER BY fetched_at DESC, query LIMIT ?1)
                """,
                [.integer(Int64(capacity))])
        }
    }

    /// The cached answer to `query`, if any.
    package func entry(query: String) throws -> Entry? {
        let statement = try database.cachedStatement("SELECT items_json, fetched_at FROM suggestion WHERE query = ?")
        defer { statement.reset() }
        try statement.bind(Self.key(query), at: 1)
        guard try statement.step() else { return nil }
        return Entry(itemsJSON: statement.string(at: 0), fetchedAt: Date(unixMilliseconds: statement.int64(at: 1)))
    }
}

extension CacheDatabase {
    /// The cached place suggestions (at most 200 queries).
    package var suggestions: SuggestionTable {
        SuggestionTable(database: database, capacity: 200)
    }
}
