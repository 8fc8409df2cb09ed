import BookingCore
import BookingSQLite
import Foundation

/// The `trip` table of `booking.sqlite`: confirmed bookings, readable with
/// no network.
///
/// What a list shows is read from typed columns (schema step 3, derived
/// from `property_json` by the schema on every write): listing decodes no
/// JSON. Uses its database's connection; like it, not `Sendable`.
package struct TripTable {
    let database: Database

    /// A saved row the listing could not show: its id and why.
    package struct Skipped: Equatable, Sendable {
        /// The row's booking id, as saved.
        package var bookingID: String
        /// What is wrong with it.
        package var reason: String
    }

    private static let writtenColumns =
        "booking_id, status, property_json, check_in, check_out, voucher_code, version, synced_at, "
        + "refund_amount, refund_currency, refund_at, refund_state"

    /// What a record is read from; `property_json` last, read only when asked.
    private static let listedColumns =
        "booking_id, status, check_in, check_out, voucher_code, version, synced_at, property_name, property_city, "
        + "property_address, property_stars, room_name, guests, price_currency, price_nightly, price_taxes, "
        + "price_fees, price_total, refund_amount, refund_currency, refund_at, refund_state, property_phone, "
        + "check_in_time, check_out_time, guest_name, cancellation_kind, cancellation_penalty, "
        + "cancellation_free_until, cancellation_clock, cancellation_day, cancellation_zone"
    private static let listingSQL = "SELECT \(listedColumns) FROM trip ORDER BY check_in, booking_id"
    private static let fullListingSQL = "SELECT \(listedColumns), property_json FROM trip ORDER BY check_in, booking_id"

    // Built once: interpolating it on every call cost a string build per
    // row of a bulk sync (BENCHMARKS.md).
    private static let upsertSQL = """
        INSERT INTO trip (\(writtenColumns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
        ON CONFLICT (booking_id) DO UPDATE SET
            status = excluded.status, property_json = excluded.property_json,
            check_in = excluded.check_in, check_out = excluded.check_out,
            voucher_code = excluded.voucher_code, version = excluded.version,
            synced_at = excluded.synced_at, refund_amount = excluded.refund_amount,
            refund_currency = excluded.refund_currency, refund_at = excluded.refund_at,
            refund_state = excluded.refund_state
        WHERE excluded.version > trip.version
            OR (excluded.version = trip.version AND excluded.status = 'CANCELLED' AND trip.status = 'CONFIRMED')
        """

    /// Saves `trip` whatever version the saved copy has: the server's
    /// answer to a read by id when that answer's version is lower than the
    /// one saved (a saved version no server keeps, such as an absurd one
    /// from a broken answer, must not freeze the trip forever). Returns
    /// whether a row was written.
    ///
    /// - Throws: what `upsert` throws.
    @discardableResult
    package func replace(_ trip: TripRecord) throws -> Bool {
        try database.transaction {
            try database.run("DELETE FROM trip WHERE booking_id = ?1", [.text(trip.bookingID.rawValue)])
            return try upsert(trip)
        }
    }

    /// Saves a trip unless a copy of the same or a newer version is already
    /// there (an older answer never overwrites a newer one). One exception:
    /// at the same version a `CANCELLED` copy replaces a `CONFIRMED` one. A
    /// booking the server cancelled is never confirmed again, so of the two
    /// words at one version the cancellation is the true one (a wrong answer
    /// to a cancel that did refund must not stick). Returns whether
    /// the row was written. The listed columns come from `propertyJSON`
    /// (the schema derives them); `summary` is not written.
    ///
    /// - Throws: `SQLiteError` with `isConstraintViolation` when a value is
    ///   one the schema's CHECKs refuse (nothing is written).
    @discardableResult
    package func upsert(_ trip: TripRecord) throws -> Bool {
        guard trip.status == .confirmed || trip.status == .cancelled else {
            throw StoreError.invalidValue(field: "trip.status", reason: "\(trip.status.rawValue) is not a trip state")
        }
        guard let propertyJSON = trip.propertyJSON else {
            throw StoreError.invalidValue(field: "trip.property_json", reason: "a trip read by a listing has none")
        }
        let statement = try database.cachedStatement(Self.upsertSQL)
        defer { statement.reset() }
        try statement.bind(trip.bookingID.rawValue, at: 1)
        try statement.bind(trip.status.rawValue, at: 2)
        try statement.bind(propertyJSON, at: 3)
        try statement.bind(trip.checkIn, at: 4)
        try statement.bind(trip.checkOut, at: 5)
        try statement.bind(trip.voucherCode, at: 6)
        try statement.bind(trip.version.rawValue, at: 7)
        try statement.bind(trip.syncedAt.unixMilliseconds, at: 8)
        try statement.bind(trip.refund?.amount.minorUnits, at: 9)
        try statement.bind(trip.refund?.amount.currency.rawValue, at: 10)
        try statement.bind(trip.refund?.updatedAtMilliseconds, at: 11)
        try statement.bind(trip.refund?.state.rawValue, at: 12)
        try statement.run()
        return database.changes == 1
    }

    /// The trip with this booking id, if saved.
    ///
    /// - Throws: `StoreError.unreadableRow` for a row with a value the
    ///   schema would refuse (a damaged file).
    package func trip(id: BookingID) throws -> TripRecord? {
        let statement = try database.cachedStatement(
            "SELECT \(Self.listedColumns), property_json FROM trip WHERE booking_id = ?")
        defer { statement.reset() }
        try statement.bind(id.rawValue, at: 1)
        var currency = CurrencyCache()
        return try statement.step() ? Self.record(from: statement, json: true, currency: &currency) : nil
    }

    /// Calls `body` with each trip in check-in order, one row at a time:
    /// memory stays flat however many trips there are. A row with a value
    /// the schema would refuse (a damaged file, a newer build's value) is
    /// not passed to `body`: `skipped` gets its id and why. Throwing from
    /// `body` stops the walk. The records carry no `propertyJSON` unless
    /// `includingJSON` (a listing never needs it).
    package func forEach(
        skipping skipped: (Skipped) throws -> Void = { _ in }, includingJSON: Bool = false,
        _ body: (TripRecord) throws -> Void
    ) throws {
        let statement = try database.cachedStatement(includingJSON ? Self.fullListingSQL : Self.listingSQL)
        defer { statement.reset() }
        var currency = CurrencyCache()
        while try statement.step() {
            let record: TripRecord
            do {
                record = try Self.record(from: statement, json: includingJSON, currency: &currency)
            } catch StoreError.unreadableRow(_, let reason) {
                try skipped(Skipped(bookingID: statement.string(at: 0), reason: reason))
                continue
            }
            try body(record)
        }
    }

    /// The status and dates of a row, checked as the schema checks them.
    static func stay(_ row: Statement, status: Int32, checkIn: Int32, checkOut: Int32) throws
        -> (BookingStatus, String, String)
    {
        let text = row.string(at: status)
        guard let bookingStatus = tripStatus(text) else { throw unreadable("unknown status \(text)") }
        let start = row.string(at: checkIn)
        let end = row.string(at: checkOut)
        guard start.utf8.count == 10, end.utf8.count == 10, end > start else {
            throw unreadable("dates \(start) to \(end) are not a stay")
        }
        return (bookingStatus, start, end)
    }

    /// Every trip in check-in order, with its `propertyJSON`. Prefer
    /// `forEach` for long lists.
    package func all() throws -> [TripRecord] {
        var trips: [TripRecord] = []
        try forEach(includingJSON: true) { trips.append($0) }
        return trips
    }

    /// The number of saved trips.
    package func count() throws -> Int {
        guard case .integer(let count)? = try database.scalar("SELECT count(*) FROM trip") else { return 0 }
        return Int(count)
    }

    /// The confirmed trip of the same stay, if this device has one: the same
    /// property and room (when `roomName` is given) on the same dates. Read
    /// through `trip_by_check_in`, never a scan of every trip.
    package func confirmedStay(
        propertyName: String, roomName: String?, checkIn: String, checkOut: String, excluding: BookingID? = nil
    ) throws -> BookingID? {
        let value = try database.scalar(
            """
            SELECT booking_id FROM trip
            WHERE check_in = ?1 AND check_out = ?2 AND status = 'CONFIRMED' AND property_name = ?3
              AND (?4 IS NULL OR room_name = ?4) AND (?5 IS NULL OR booking_id != ?5)
            ORDER BY booking_id LIMIT 1
            """,
            [
                .text(checkIn), .text(checkOut), .text(propertyName), SQLiteValue(roomName),
                SQLiteValue(excluding?.rawValue),
            ])
        guard case .text(let id)? = value else { return nil }
        return BookingID(id)
    }

    /// When the oldest saved trip was last synced: how old the offline copy
    /// is at worst. `nil` when there are no trips.
    package func oldestSync() throws -> Date? {
        guard case .integer(let ms)? = try database.scalar("SELECT min(synced_at) FROM trip") else { return nil }
        return Date(unixMilliseconds: ms)
    }

    /// The record in `row` (the columns of `listedColumns`, then
    /// `property_json` when `json`).
    static func record(from row: Statement, json: Bool, currency: inout CurrencyCache) throws -> TripRecord {
        let (bookingStatus, checkIn, checkOut) = try stay(row, status: 1, checkIn: 2, checkOut: 3)
        guard let version = Version(rawValue: row.int64(at: 5)) else { throw unreadable("negative version") }
        return TripRecord(
            bookingID: BookingID(row.string(at: 0)),
            status: bookingStatus,
            propertyJSON: json ? row.string(at: 32) : nil,
            checkIn: checkIn,
            checkOut: checkOut,
            voucherCode: row.optionalString(at: 4),
            version: version,
            syncedAt: Date(unixMilliseconds: row.int64(at: 6)),
            summary: try summary(from: row, currency: &currency),
            refund: try refund(from: row, currency: &currency))
    }

    /// The refund columns (18-21), or nil when the row has none.
    private static func refund(from row: Statement, currency cache: inout CurrencyCache) throws -> Refund? {
        guard let text = row.optionalString(at: 21) else { return nil }
        guard let state = Refund.State(rawValue: text), let amount = row.optionalInt64(at: 18), amount >= 0,
            let currency = row.optionalString(at: 19).flatMap({ cache.code($0) }),
            let at = row.optionalInt64(at: 20)
        else { throw unreadable("its refund is incomplete or out of range") }
        return Refund(amount: Money(minorUnits: amount, currency: currency), state: state, updatedAtMilliseconds: at)
    }

    /// The listed columns (7-17, the door's 22-25, the terms' 26-31), or nil when the row has none (its JSON
    /// did not have a trip's shape).
    private static func summary(from row: Statement, currency cache: inout CurrencyCache) throws -> TripSummary? {
        guard let name = row.optionalString(at: 7) else { return nil }
        guard let city = row.optionalString(at: 8), let roomName = row.optionalString(at: 11),
            let guests = row.optionalInt64(at: 12), (1...99).contains(guests),
            let currency = row.optionalString(at: 13).flatMap({ cache.code($0) })
        else { throw unreadable("its details are incomplete or out of range") }
        let stars = row.optionalInt64(at: 10)
        if let stars, !(1...5).contains(stars) { throw unreadable("\(stars) stars") }
        func money(_ column: Int32) throws -> Money {
            guard let amount = row.optionalInt64(at: column), amount >= 0 else {
                throw unreadable("a price line is missing or negative")
            }
            return Money(minorUnits: amount, currency: currency)
        }
        guard
            let price = PriceBreakdown(
                nightly: try money(14), taxes: try money(15), fees: try money(16), total: try money(17))
        else { throw unreadable("price lines in more than one currency") }
        return TripSummary(
            propertyName: name, city: city, address: row.optionalString(at: 9), stars: stars.map { Int($0) },
            roomName: roomName, guests: Int(guests), price: price,
            door: TripSummary.Door(
                phone: row.optionalString(at: 22), checkInTime: row.optionalString(at: 23),
                checkOutTime: row.optionalString(at: 24), guestName: row.optionalString(at: 25)),
            terms: TripSummary.Terms(
                kind: row.optionalString(at: 26), penalty: row.optionalInt64(at: 27), currency: currency,
                freeUntil: row.optionalInt64(at: 28), clock: row.optionalString(at: 29),
                day: row.optionalString(at: 30), zone: row.optionalString(at: 31)))
    }

    /// The last currency read, kept: a listing's rows are nearly all in one
    /// currency, and checking a code builds an array of its characters.
    struct CurrencyCache {
        private var last: CurrencyCode?
        /// The last code's three bytes packed (`packed(_:)`), 0 when there
        /// is none: a row's bytes are compared with one integer.
        private var lastBytes: UInt32 = 0

        mutating func code(_ text: String) -> CurrencyCode? {
            if let last, last.rawValue == text { return last }
            last = CurrencyCode(rawValue: text)
            lastBytes = 0
            if var code = last?.rawValue { lastBytes = code.withUTF8 { Self.packed(UnsafeRawBufferPointer($0)) } }
            return last
        }

        /// Whether the UTF-8 `bytes` are a code: one compare with the last
        /// code's bytes, `code(_:)` for any other. No code is returned (a
        /// `String` a row to copy and destroy).
        @inline(__always)
        mutating func isCode(_ bytes: UnsafeRawBufferPointer) -> Bool {
            if lastBytes != 0, Self.packed(bytes) == lastBytes { return true }
            return code(String(decoding: bytes, as: UTF8.self)) != nil
        }

        /// Three bytes as one integer; 0 for any other count.
        @inline(__always)
        private static func packed(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
            guard bytes.count == 3 else { return 0 }
            return UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16
        }
    }

    static func unreadable(_ reason: String) -> StoreError {
        .unreadableRow(table: "trip", reason: reason)
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
