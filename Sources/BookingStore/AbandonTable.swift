import BookingCore
import BookingSQLite
import Foundation

/// The pending 3-D Secure challenges the user left, each saved in
/// `sent_request` (kind `ABANDON`) of `booking.sqlite` before its POST leaves.
///
/// Uses its database's connection; like it, not `Sendable`.
package struct AbandonTable: RequestTable {
    package typealias Request = AbandonRequest
    package typealias Status = AbandonRequest.Status
    package typealias RowName = BookingID
    package static let kind = "ABANDON"
    package static let finishedBy = "booking_id"
    package let database: Database

    /// The table over `database`'s connection.
    package init(database: Database) {
        self.database = database
    }

    package static let columns =
        "booking_id, idempotency_key, attempt_id, release_hold, status, reason, created_at, updated_at"

    /// Saves `request` unless one is saved for its booking (a second
    /// leaving resends the first: going back after "Use another card"
    /// adds the hold's release to it). Returns the booking's request.
    /// Durable on return.
    @discardableResult
    package func save(_ request: AbandonRequest) throws -> AbandonRequest? {
        try database.run(
            """
            INSERT INTO sent_request (kind, \(Self.columns)) VALUES ('ABANDON', ?1, ?2, ?3, ?4, 'OPEN', NULL, ?5, ?5)
            ON CONFLICT (booking_id) WHERE kind = 'ABANDON'
            DO UPDATE SET release_hold = max(release_hold, excluded.release_hold)
            WHERE status = 'OPEN'
            """,
            [
                .text(request.bookingID.rawValue), .text(request.idempotencyKey.rawValue),
                .text(request.attemptID.rawValue), .integer(request.releasesHold ? 1 : 0),
                .integer(request.createdAt.unixMilliseconds),
            ])
        return try rows(
            "SELECT \(Self.columns) FROM sent_request WHERE booking_id = ? AND \(Self.ofKind)",
            request.bookingID.rawValue
        )
        .first
    }

    package static func request(from row: Statement) throws -> AbandonRequest {
        let status = try Self.status(at: 4, of: row)
        var request = AbandonRequest(
            bookingID: BookingID(row.string(at: 0)), attemptID: AttemptID(row.string(at: 2)),
            releasesHold: row.int64(at: 3) == 1, status: status, reason: row.optionalString(at: 5),
            createdAt: Date(unixMilliseconds: row.int64(at: 6)))
        request.idempotencyKey = IdempotencyKey(row.string(at: 1))
        return request
    }
}

extension BookingDatabase {
    /// The pending 3-D Secure challenges left.
    package var abandons: AbandonTable { AbandonTable(database: database) }
}
