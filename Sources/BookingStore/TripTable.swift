import BookingCore
import Foundation
import SQLite

/// The `trip` table of `booking.sqlite`: confirmed bookings, readable with
/// no network.
///
/// Uses its database's connection; like it, not `Sendable`.
public struct TripTable {
    let database: Database

    private static let columns =
        "booking_id, status, property_json, check_in, check_out, voucher_code, version, synced_at"

    // Built once: interpolating it on every call cost a string build per
    // row of a bulk sync (BENCHMARKS.md).
    private static let upsertSQL = """
        INSERT INTO trip (\(columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
        ON CONFLICT (booking_id) DO UPDATE SET
            status = excluded.status, property_json = excluded.property_json,
            check_in = excluded.check_in, check_out = excluded.check_out,
            voucher_code = excluded.voucher_code, version = excluded.version,
            synced_at = excluded.synced_at
        WHERE excluded.version > trip.version
        """

    /// Saves a trip unless a copy of the same or a newer version is already
    /// there (an older answer never overwrites a newer one). Returns whether
    /// the row was written.
    @discardableResult
    public func upsert(_ trip: TripRecord) throws -> Bool {
        guard trip.status == .confirmed || trip.status == .cancelled else {
            throw StoreError.invalidValue(field: "trip.status", reason: "\(trip.status.rawValue) is not a trip state")
        }
        let statement = try database.cachedStatement(Self.upsertSQL)
        defer { statement.reset() }
        try statement.bind(trip.bookingID.rawValue, at: 1)
        try statement.bind(trip.status.rawValue, at: 2)
        try statement.bind(trip.propertyJSON, at: 3)
        try statement.bind(trip.checkIn, at: 4)
        try statement.bind(trip.checkOut, at: 5)
        try statement.bind(trip.voucherCode, at: 6)
        try statement.bind(trip.version.rawValue, at: 7)
        try statement.bind(trip.syncedAt.unixMilliseconds, at: 8)
        try statement.run()
        return database.changes == 1
    }

    /// The trip with this booking id, if saved.
    public func trip(id: BookingID) throws -> TripRecord? {
        let statement = try database.cachedStatement("SELECT \(Self.columns) FROM trip WHERE booking_id = ?")
        defer { statement.reset() }
        try statement.bind(id.rawValue, at: 1)
        return try statement.step() ? Self.record(from: statement) : nil
    }

    /// Calls `body` with each trip in check-in order, one row at a time:
    /// memory stays flat however many trips there are. Throwing from `body`
    /// stops the walk.
    public func forEach(_ body: (TripRecord) throws -> Void) throws {
        let statement = try database.cachedStatement(
            "SELECT \(Self.columns) FROM trip ORDER BY check_in, booking_id")
        defer { statement.reset() }
        while try statement.step() {
            try body(try Self.record(from: statement))
        }
    }

    /// Every trip in check-in order. Prefer `forEach` for long lists.
    public func all() throws -> [TripRecord] {
        var trips: [TripRecord] = []
        try forEach { trips.append($0) }
        return trips
    }

    /// The number of saved trips.
    public func count() throws -> Int {
        guard case .integer(let count)? = try database.scalar("SELECT count(*) FROM trip") else { return 0 }
        return Int(count)
    }

    /// When the oldest saved trip was last synced: how old the offline copy
    /// is at worst. `nil` when there are no trips.
    public func oldestSync() throws -> Date? {
        guard case .integer(let ms)? = try database.scalar("SELECT min(synced_at) FROM trip") else { return nil }
        return Date(unixMilliseconds: ms)
    }

    static func record(from row: Statement) throws -> TripRecord {
        let status = row.string(at: 1)
        guard let bookingStatus = tripStatus(status) else {
            throw StoreError.unreadableRow(table: "trip", reason: "unknown status \(status)")
        }
        guard let version = Version(rawValue: row.int64(at: 6)) else {
            throw StoreError.unreadableRow(table: "trip", reason: "negative version")
        }
        return TripRecord(
            bookingID: BookingID(row.string(at: 0)),
            status: bookingStatus,
            propertyJSON: row.string(at: 2),
            checkIn: row.string(at: 3),
            checkOut: row.string(at: 4),
            voucherCode: row.optionalString(at: 5),
            version: version,
            syncedAt: Date(unixMilliseconds: row.int64(at: 7)))
    }

    /// `BookingStatus(rawValue:)`, with the two statuses a trip can have
    /// (the schema's CHECK) tried first by plain string equality. The
    /// synthesized initializer is a generic string switch over every case:
    /// about 700 instructions a row, a fifth of decoding a trip, in the
    /// trip-listing profile (BENCHMARKS.md).
    static func tripStatus(_ text: String) -> BookingStatus? {
        if text == BookingStatus.confirmed.rawValue { return .confirmed }
        if text == BookingStatus.cancelled.rawValue { return .cancelled }
        return BookingStatus(rawValue: text)
    }
}
