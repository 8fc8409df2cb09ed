import BookingSQLite
import Foundation

/// The `retry_after_gate` table of `cache.sqlite`: per server origin, the
/// unix second before which the server asked not to be sent anything.
///
/// Only a hint that makes a new process obey what an earlier one was told:
/// a row in the past, further ahead than `longestSaved`, or unreadable is
/// no gate at all (the cache may be rebuilt at any time).
package struct RetryAfterGateTable {
    let database: Database

    /// The longest wait a saved row is believed for: a row further ahead is
    /// taken for garbage and ignored (one day).
    package static let longestSaved: Int64 = 86_400

    /// Saves `notBefore` for `server`, keeping a later deadline already saved.
    package func record(server: String, notBefore: Int64, nowUnixSeconds: Int64) throws {
        try database.run(
            """
            INSERT INTO retry_after_gate (server, not_before, recorded_at) VALUES (?1, ?2, ?3)
            ON CONFLICT (server) DO UPDATE SET
                not_before = excluded.not_before, recorded_at = excluded.recorded_at
            WHERE not_before < excluded.not_before OR not_before > ?3 + ?4
            """,
            [.text(server), .integer(notBefore), .integer(nowUnixSeconds), .integer(Self.longestSaved)])
    }

    /// The saved deadline of `server` if it is still ahead of
    /// `nowUnixSeconds` and no more than `longestSaved` ahead.
    package func deadline(server: String, nowUnixSeconds: Int64) throws -> Int64? {
        let statement = try database.cachedStatement(
            "SELECT not_before FROM retry_after_gate WHERE server = ? AND typeof(not_before) = 'integer'")
        defer { statement.reset() }
        try statement.bind(server, at: 1)
        guard try statement.step() else { return nil }
        let notBefore = statement.int64(at: 0)
        guard notBefore > nowUnixSeconds, notBefore - nowUnixSeconds <= Self.longestSaved else { return nil }
        return notBefore
    }
}

extension CacheDatabase {
    /// The saved Retry-After gates, per server.
    package var retryAfterGates: RetryAfterGateTable { RetryAfterGateTable(database: database) }
}
