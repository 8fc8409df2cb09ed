import BookingCore
import BookingSQLite
import Foundation

/// The changes of dates accepted, each saved in `sent_request` (kind
/// `MODIFY`) of `booking.sqlite` before its POST leaves.
///
/// Uses its database's connection; like it, not `Sendable`.
package struct ModifyTable: KeyedRequestTable {
    package typealias Request = ModifyRequest
    package typealias Status = ModifyRequest.Status
    package typealias RowName = IdempotencyKey
    package static let kind = "MODIFY"
    package static let finishedBy = "idempotency_key"
    package let database: Database

    /// The table over `database`'s connection.
    package init(database: Database) {
        self.database = database
    }

    package static let columns = """
        idempotency_key, booking_id, quote_id, version, check_in, check_out, total_amount, difference, currency, \
        status, reason, created_at, updated_at
        """

    /// Saves a new open request. Returns once the commit is durable
    /// (`synchronous=FULL`): from then on, a crash leaves a request that is
    /// resent with this key, never a forgotten one.
    ///
    /// - Throws: `SQLiteError` (a constraint violation when the key is
    ///   already saved or the booking already has an open request, `isFull`
    ///   when the disk is full); nothing is written then.
    package func insert(_ request: ModifyRequest) throws {
        try database.run(
            "INSERT INTO sent_request (kind, \(Self.columns)) VALUES ('MODIFY',?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [
                .text(request.idempotencyKey.rawValue), .text(request.bookingID.rawValue), .text(request.quoteID),
                .integer(request.version.rawValue), .text(request.checkIn.description),
                .text(request.checkOut.description), .integer(request.total.minorUnits),
                .integer(request.difference.minorUnits), .text(request.total.currency.rawValue),
                .text(request.status.rawValue), SQLiteValue(request.reason),
                .integer(request.createdAt.unixMilliseconds), .integer(request.updatedAt.unixMilliseconds),
            ])
    }

    package static func request(from row: Statement) throws -> ModifyRequest {
        func unreadable(_ reason: String) -> StoreError { .unreadableRow(table: Self.table, reason: reason) }
        let status = try Self.status(at: 9, of: row)
        guard let version = Version(rawValue: row.int64(at: 3)) else { throw unreadable("negative version") }
        guard let checkIn = CalendarDate(row.string(at: 4)), let checkOut = CalendarDate(row.string(at: 5)) else {
            throw unreadable("not a date")
        }
        guard let currency = CurrencyCode(row.string(at: 8)) else { throw unreadable("not a currency") }
        return ModifyRequest(
            idempotencyKey: IdempotencyKey(row.string(at: 0)), bookingID: BookingID(row.string(at: 1)),
            quoteID: row.string(at: 2), version: version, checkIn: checkIn, checkOut: checkOut,
            total: Money(minorUnits: row.int64(at: 6), currency: currency),
            difference: Money(minorUnits: row.int64(at: 7), currency: currency), status: status,
            reason: row.optionalString(at: 10), createdAt: Date(unixMilliseconds: row.int64(at: 11)),
            updatedAt: Date(unixMilliseconds: row.int64(at: 12)))
    }
}

extension BookingDatabase {
    /// The changes of dates accepted.
    package var modifies: ModifyTable { ModifyTable(database: database) }

    /// Saves the server's answer to a modification: the trip and the
    /// request finished as `status`, in one transaction
    /// (`finish(_:in:as:reason:trip:at:)`). Returns whether the request
    /// finished here (false when another process finished it first).
    @discardableResult
    package func finishModify(
        _ key: IdempotencyKey, as status: ModifyRequest.Status, reason: String? = nil, trip: TripRecord?, at date: Date
    ) throws -> Bool {
        try finish(key, in: modifies, as: status, reason: reason, trip: trip, at: date)
    }

    /// Closes the open request `spent` as refused (`keySpentReason`) and
    /// saves `renewed`, the same change under a new key, in one
    /// transaction (`renew(_:in:as:at:)`). Returns false, saving nothing,
    /// when another process finished `spent` first.
    package func renewModify(_ spent: IdempotencyKey, as renewed: ModifyRequest, at date: Date) throws -> Bool {
        try renew(spent, in: modifies, as: renewed, at: date)
    }
}
