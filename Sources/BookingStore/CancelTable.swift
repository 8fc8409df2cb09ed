import BookingCore
import BookingSQLite
import Foundation

/// The cancellations asked for, each saved in `sent_request` (kind
/// `CANCEL`) of `booking.sqlite` before its POST leaves.
///
/// Uses its database's connection; like it, not `Sendable`.
package struct CancelTable: KeyedRequestTable {
    package typealias Request = CancelRequest
    package typealias Status = CancelRequest.Status
    package typealias RowName = IdempotencyKey
    package static let kind = "CANCEL"
    package static let finishedBy = "idempotency_key"
    package let database: Database

    /// The table over `database`'s connection.
    package init(database: Database) {
        self.database = database
    }

    package static let columns =
        "idempotency_key, booking_id, version, status, reason, created_at, updated_at, quote_id"

    /// Saves a new open request. Returns once the commit is durable
    /// (`synchronous=FULL`): from then on, a crash leaves a request that is
    /// resent with this key, never a forgotten one.
    ///
    /// - Throws: `SQLiteError` (a constraint violation when the key is
    ///   already saved or the booking already has an open request, `isFull`
    ///   when the disk is full); nothing is written then.
    package func insert(_ request: CancelRequest) throws {
        let statement = try database.cachedStatement(
            "INSERT INTO sent_request (kind, \(Self.columns)) VALUES ('CANCEL',?,?,?,?,?,?,?,?)")
        defer { statement.reset() }
        try statement.bind(request.idempotencyKey.rawValue, at: 1)
        try statement.bind(request.bookingID.rawValue, at: 2)
        try statement.bind(request.version.rawValue, at: 3)
        try statement.bind(request.status.rawValue, at: 4)
        try statement.bind(request.reason, at: 5)
        try statement.bind(request.createdAt.unixMilliseconds, at: 6)
        try statement.bind(request.updatedAt.unixMilliseconds, at: 7)
        try statement.bind(request.quoteID, at: 8)
        try statement.run()
    }

    /// The request saved under `key`, if any.
    package func request(key: IdempotencyKey) throws -> CancelRequest? {
        try rows("SELECT \(Self.columns) FROM sent_request WHERE idempotency_key = ? AND \(Self.ofKind)", key.rawValue)
            .first
    }

    package static func request(from row: Statement) throws -> CancelRequest {
        let status = try Self.status(at: 3, of: row)
        guard let version = Version(rawValue: row.int64(at: 2)) else {
            throw StoreError.unreadableRow(table: Self.table, reason: "negative version")
        }
        return CancelRequest(
            idempotencyKey: IdempotencyKey(row.string(at: 0)), bookingID: BookingID(row.string(at: 1)),
            version: version, quoteID: row.optionalString(at: 7), status: status, reason: row.optionalString(at: 4),
            createdAt: Date(unixMilliseconds: row.int64(at: 5)), updatedAt: Date(unixMilliseconds: row.int64(at: 6)))
    }
}

extension BookingDatabase {
    /// The cancellations asked for.
    package var cancels: CancelTable { CancelTable(database: database) }

    /// Saves the server's answer to a cancellation: the trip and the
    /// request finished as `status`, in one transaction
    /// (`finish(_:in:as:reason:trip:at:)`). Returns whether the request
    /// finished here (false when another process finished it first).
    @discardableResult
    package func finishCancel(
        _ key: IdempotencyKey, as status: CancelRequest.Status, reason: String? = nil, trip: TripRecord?, at date: Date
    ) throws -> Bool {
        try finish(key, in: cancels, as: status, reason: reason, trip: trip, at: date)
    }

    /// The reason a request closed by a renewal keeps: the server stored a
    /// failure under its key and never runs the key again.
    package static let keySpentReason = "KEY_SPENT"

    /// Closes the open request `spent` as refused (`keySpentReason`) and
    /// saves `renewed`, the same cancellation under a new key, in one
    /// transaction (`renew(_:in:as:at:)`). Returns false, saving nothing,
    /// when another process finished `spent` first.
    package func renewCancel(_ spent: IdempotencyKey, as renewed: CancelRequest, at date: Date) throws -> Bool {
        try renew(spent, in: cancels, as: renewed, at: date)
    }
}
