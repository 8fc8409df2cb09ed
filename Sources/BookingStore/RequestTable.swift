import BookingCore
import BookingSQLite
import Foundation

/// Where a durable request stands, as its table saves it: `OPEN` until the
/// server's answer finishes it (done, or `REFUSED` with a reason).
package protocol RequestStatus: RawRepresentable<String>, Equatable {
    /// Saved; its POST may have left. The only status a row leaves.
    static var open: Self { get }
    /// The server refused it, or it was closed unsent; `reason` says why.
    static var refused: Self { get }
}

extension CancelRequest.Status: RequestStatus {}
extension ModifyRequest.Status: RequestStatus {}
extension HoldRelease.Status: RequestStatus {}
extension AbandonRequest.Status: RequestStatus {}

/// One kind of durable request in `sent_request` (cancellations, changes
/// of dates, hold releases, pages left), with what every kind does alike
/// written once: read rows, read a row's status, and finish an open row in
/// one conditional statement. Each kind keeps its own columns, inserts and
/// queries; every statement names its kind.
package protocol RequestTable {
    /// A row of the kind.
    associatedtype Request
    /// Where a row stands.
    associatedtype Status: RequestStatus
    /// What names the row `finish` finishes: its key, hold or booking.
    associatedtype RowName: RawRepresentable<String>
    /// The kind's `kind` in the schema (`CANCEL`, `MODIFY`, `RELEASE`, `ABANDON`).
    static var kind: String { get }
    /// The column that names the row `finish` finishes (its key, hold or booking).
    static var finishedBy: String { get }
    /// The columns `request(from:)` reads, in order.
    static var columns: String { get }
    /// The connection the table uses.
    var database: Database { get }
    /// The request in `row` (the table's columns, in order).
    static func request(from row: Statement) throws -> Request
}

extension RequestTable {
    /// The table every kind is saved in.
    static var table: String { "sent_request" }

    /// The condition that keeps a statement to this kind's rows.
    static var ofKind: String { "kind = '\(kind)'" }

    /// The rows `sql` selects, with `argument` (if any) bound to its first parameter.
    func rows(_ sql: String, _ argument: String?) throws -> [Request] {
        let statement = try database.cachedStatement(sql)
        defer { statement.reset() }
        if let argument { try statement.bind(argument, at: 1) }
        var requests: [Request] = []
        while try statement.step() {
            requests.append(try Self.request(from: statement))
        }
        return requests
    }

    /// Every open request, oldest first: what reconciliation settles, or what is sent (again).
    package func allOpen() throws -> [Request] {
        try rows(
            "SELECT \(Self.columns) FROM \(Self.table) WHERE \(Self.ofKind) AND status = 'OPEN' ORDER BY created_at, rowid",
            nil)
    }

    /// Every request, oldest first.
    package func all() throws -> [Request] {
        try rows("SELECT \(Self.columns) FROM \(Self.table) WHERE \(Self.ofKind) ORDER BY created_at, rowid", nil)
    }

    /// The status in column `index` of `row`.
    ///
    /// - Throws: `StoreError.unreadableRow` for a status this client does not know.
    static func status(at index: Int32, of row: Statement) throws -> Status {
        let text = row.string(at: index)
        guard let status = Status(rawValue: text) else {
            throw StoreError.unreadableRow(table: table, reason: "unknown \(kind) status \(text)")
        }
        return status
    }

    /// Finishes the open row named `name` as `status` (`reason` for a
    /// refusal), in one conditional statement: a row another process
    /// finished first stays as that process left it. Returns whether this
    /// call finished it.
    ///
    /// - Throws: `StoreError.invalidValue` for `OPEN` (nothing is written);
    ///   `SQLiteError`.
    func finishOpen(_ name: String, as status: Status, reason: String?, at date: Date) throws -> Bool {
        guard status != .open else {
            throw StoreError.invalidValue(field: "\(Self.table).status", reason: "OPEN does not finish a request")
        }
        return try database.compareAndSet(
            """
            UPDATE \(Self.table) SET status = ?2, reason = ?3, updated_at = ?4
            WHERE \(Self.finishedBy) = ?1 AND \(Self.ofKind) AND status = 'OPEN'
            """,
            [.text(name), .text(status.rawValue), SQLiteValue(reason), .integer(date.unixMilliseconds)])
    }

    /// Finishes the open request `name` as `status` (`reason` for a
    /// refusal), in one conditional statement (`finishOpen`). Returns
    /// whether this call finished it.
    @discardableResult
    package func finish(_ name: RowName, as status: Status, reason: String? = nil, at date: Date) throws -> Bool {
        try finishOpen(name.rawValue, as: status, reason: reason, at: date)
    }
}

/// A kind of request named by its idempotency key, renewed as a new row
/// under a new key (`CANCEL`, `MODIFY`).
package protocol KeyedRequestTable: RequestTable where RowName == IdempotencyKey {
    /// Saves a new open request; durable on return.
    func insert(_ request: Request) throws
}

extension KeyedRequestTable {
    /// The open request for `booking`, if any (the schema keeps at most one).
    package func open(for booking: BookingID) throws -> Request? {
        try rows(
            "SELECT \(Self.columns) FROM \(Self.table) WHERE booking_id = ? AND \(Self.ofKind) AND status = 'OPEN'",
            booking.rawValue
        )
        .first
    }

    /// Every request for `booking`, oldest first.
    package func requests(for booking: BookingID) throws -> [Request] {
        try rows(
            "SELECT \(Self.columns) FROM \(Self.table) WHERE booking_id = ? AND \(Self.ofKind) ORDER BY created_at, rowid",
            booking.rawValue)
    }
}

extension BookingDatabase {
    /// Saves the server's answer to a request of `table`'s kind: the trip (by
    /// version, as always: never back a version) and the request `key`
    /// finished as `status`, in one transaction: both or neither. Returns
    /// whether the request finished here (false when another process
    /// finished it first).
    func finish<Table: KeyedRequestTable>(
        _ key: IdempotencyKey, in table: Table, as status: Table.Status, reason: String?, trip: TripRecord?,
        at date: Date
    ) throws -> Bool {
        try database.transaction {
            if let trip { try trips.upsert(trip) }
            return try table.finishOpen(key.rawValue, as: status, reason: reason, at: date)
        }
    }

    /// Closes the open request `spent` of `table` as refused
    /// (`keySpentReason`) and saves `renewed`, the same request under a new
    /// key, in one transaction: the booking keeps one open request
    /// throughout. Returns false, saving nothing, when another process
    /// finished `spent` first.
    func renew<Table: KeyedRequestTable>(
        _ spent: IdempotencyKey, in table: Table, as renewed: Table.Request, at date: Date
    ) throws -> Bool {
        try database.transaction {
            guard try table.finishOpen(spent.rawValue, as: .refused, reason: Self.keySpentReason, at: date) else {
                return false
            }
            try table.insert(renewed)
            return true
        }
    }
}
