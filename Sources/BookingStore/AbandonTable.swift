import BookingCore
import BookingSQLite
import Foundation

/// The `abandon_request` table of `booking.sqlite`: the pending 3-D Secure
/// challenges the user left, each saved before its POST leaves.
///
/// Uses its database's connection; like it, not `Sendable`.
package struct AbandonTable {
    let database: Database

    /// The table over `database`'s connection.
    package init(database: Database) {
        self.database = database
    }

    private static let columns =
        "booking_id, idempotency_key, attempt_id, release_hold, status, reason, created_at, updated_at"

    /// Saves `request` unless one is saved for its booking (a second
    /// leaving resends the first: going back after "Use another card"
    /// adds the hold's release to it). Returns the booking's request.
    /// Durable on return.
    @discardableResult
    package func save(_ request: AbandonRequest) throws -> AbandonRequest? {
        try database.run(
            """
            INSERT INTO abandon_request (\(Self.columns)) VALUES (?1, ?2, ?3, ?4, 'OPEN', NULL, ?5, ?5)
            ON CONFLICT (booking_id) DO UPDATE SET release_hold = max(release_hold, excluded.release_hold)
            WHERE status = 'OPEN'
            """,
            [
                .text(request.bookingID.rawValue), .text(request.idempotencyKey.rawValue),
                .text(request.attemptID.rawValue), .integer(request.releasesHold ? 1 : 0),
                .integer(request.createdAt.unixMilliseconds),
            ])
        return try rows("SELECT \(Self.columns) FROM abandon_request WHERE booking_id = ?", request.bookingID.rawValue)
            .first
    }

    /// Finishes an open request. Returns whether this call finished it.
    @discardableResult
    package func finish(_ booking: BookingID, as status: AbandonRequest.Status, reason: String? = nil, at date: Date)
        throws -> Bool
    {
        guard status != .open else {
            throw StoreError.invalidValue(field: "abandon_request.status", reason: "OPEN does not finish a request")
        }
        return try database.compareAndSet(
            """
            UPDATE abandon_request SET status = ?2, reason = ?3, updated_at = ?4
            WHERE booking_id = ?1 AND status = 'OPEN'
            """,
            [.text(booking.rawValue), .text(status.rawValue), SQLiteValue(reason), .integer(date.unixMilliseconds)])
    }

    /// Every open request, oldest first.
    package func allOpen() throws -> [AbandonRequest] {
        try rows("SELECT \(Self.columns) FROM abandon_request WHERE status = 'OPEN' ORDER BY created_at, rowid", nil)
    }

    /// Every request, oldest first.
    package func all() throws -> [AbandonRequest] {
        try rows("SELECT \(Self.columns) FROM abandon_request ORDER BY created_at, rowid", nil)
    }

    private func rows(_ sql: String, _ argument: String?) throws -> [AbandonRequest] {
        let statement = try database.cachedStatement(sql)
        defer { statement.reset() }
        if let argument { try statement.bind(argument, at: 1) }
        var requests: [AbandonRequest] = []
        while try statement.step() {
            let text = statement.string(at: 4)
            guard let status = AbandonRequest.Status(rawValue: text) else {
                throw StoreError.unreadableRow(table: "abandon_request", reason: "unknown status \(text)")
            }
            var request = AbandonRequest(
                bookingID: BookingID(statement.string(at: 0)), attemptID: AttemptID(statement.string(at: 2)),
                releasesHold: statement.int64(at: 3) == 1, status: status, reason: statement.optionalString(at: 5),
                createdAt: Date(unixMilliseconds: statement.int64(at: 6)))
            request.idempotencyKey = IdempotencyKey(statement.string(at: 1))
            requests.append(request)
        }
        return requests
    }
}

extension BookingDatabase {
    /// The pending 3-D Secure challenges left.
    package var abandons: AbandonTable { AbandonTable(database: database) }
}
