import BookingSQLite
import Foundation

/// The `key_lifetime` table of `booking.sqlite`: per server origin, how long
/// the server said it keeps idempotency keys (its last
/// `Idempotency-Key-Lifetime` header, seconds).
///
/// Kept with the attempts, not in the cache: a resend and the next launch's
/// reconciliation measure a key's age against it, and a forgotten short
/// lifetime could let a payment be sent again under a forgotten key.
package struct KeyLifetimeTable {
    let database: Database

    /// The range a saved value is believed in (1 s ... 30 days, the
    /// sandbox's own bounds); a row outside it reads as none.
    package static let believed: ClosedRange<Int64> = 1...(30 * 86_400)

    /// Saves `seconds` for `server`, replacing what was saved.
    package func record(server: String, seconds: Int64, at date: Date) throws {
        try database.run(
            """
            INSERT INTO key_lifetime (server, seconds, recorded_at) VALUES (?1, ?2, ?3)
            ON CONFLICT (server) DO UPDATE SET seconds = excluded.seconds, recorded_at = excluded.recorded_at
            """,
            [.text(server), .integer(seconds), .integer(Int64((date.timeIntervalSince1970 * 1_000).rounded()))])
    }

    /// The saved lifetime of `server` in seconds, if one is saved and within `believed`.
    package func seconds(server: String) throws -> Int64? {
        let statement = try database.cachedStatement(
            "SELECT seconds FROM key_lifetime WHERE server = ? AND typeof(seconds) = 'integer'")
        defer { statement.reset() }
        try statement.bind(server, at: 1)
        guard try statement.step() else { return nil }
        let seconds = statement.int64(at: 0)
        return Self.believed.contains(seconds) ? seconds : nil
    }
}

extension BookingDatabase {
    /// The key lifetimes the servers published.
    package var keyLifetimes: KeyLifetimeTable { KeyLifetimeTable(database: database) }
}
