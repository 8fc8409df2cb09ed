import BookingValues
import CBookingSQLite

/// `booking.sqlite` read by the lean viewer, straight through SQLite's C
/// interface (the SQLite module and BookingStore link Foundation): only
/// opened when it is there, read-only, and only when its schema is exactly
/// the one this build writes. Anything else (no file, another schema, an
/// error) is `nil` or a thrown `TripFile.Failure`, and the full CLI, which
/// creates, migrates and explains, takes over.
///
/// It reads and checks each row as `TripTable` does (`TripTable.record`,
/// `TripTable.forEachLineView`): a row the checks refuse is skipped with the
/// same reason, a row whose details do not hold is shown without them.
final class TripFile {
    /// A read that failed half-way.
    struct Failure: Error {
        /// SQLite's result code.
        var code: Int32
    }

    /// The migration steps of `booking.sqlite` this build knows, in order
    /// (`ClientSchema.bookingSteps`; a test holds the two lists equal).
    static let knownSteps = [
        "booking_0001_attempts_and_trips", "booking_0002_one_current_hold", "booking_0003_trip_columns",
        "booking_0004_cancel_requests", "booking_0005_hold_releases", "booking_0006_abandon_requests",
        "booking_0007_challenge_url", "booking_0008_trip_refund", "booking_0009_key_lifetime",
        "booking_0010_modify_requests", "booking_0011_hold_coupon", "booking_0012_launch_indexes",
        "booking_0013_booked_again", "booking_0014_cancel_quote", "booking_0015_guest", "booking_0016_trip_door",
        "booking_0017_sent_request",
    ]

    private static let columns =
        "booking_id, status, check_in, check_out, voucher_code, version, synced_at, property_name, property_city, "
        + "property_address, property_stars, room_name, guests, price_currency, price_nightly, price_taxes, "
        + "price_fees, price_total, refund_amount, refund_currency, refund_at, refund_state, property_phone, "
        + "check_in_time, check_out_time, guest_name, cancellation_kind, cancellation_penalty, "
        + "cancellation_free_until, cancellation_clock, cancellation_day, cancellation_zone"

    private let handle: OpaquePointer
    /// `refundSQL`, prepared at the first listed row with a refund.
    private var refundStatement: OpaquePointer?
    private static let refundSQL =
        "SELECT refund_amount, refund_currency, refund_at, refund_state FROM trip WHERE booking_id = ?1"

    /// Opens `booking.sqlite` in `directory` for reading; nil when it is not
    /// there, cannot be opened, or was not written by exactly this build's schema.
    init?(directory: String) {
        let path = directory + "/booking.sqlite"
        guard ViewerPlatform.isRegularFile(path) else { return nil }
        var handle: OpaquePointer?
        guard
            sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, nil)
                == SQLITE_OK, let handle
        else {
            sqlite3_close_v2(handle)
            return nil
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, 5_000)
        guard (try? steps()) == Self.knownSteps else { return nil }
    }

    deinit {
        sqlite3_finalize(refundStatement)
        sqlite3_close_v2(handle)
    }

    private func steps() throws -> [String] {
        var names: [String] = []
        try each("SELECT name FROM schema_migration ORDER BY name") { row in names.append(row.string(0) ?? "") }
        return names
    }

    /// Runs `sql` with `text` bound to `?1` (when given), calling `body` for each row.
    private func each(_ sql: String, binding text: String? = nil, _ body: (Row) throws -> Void) throws {
        var statement: OpaquePointer?
        var code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw Failure(code: code) }
        defer { sqlite3_finalize(statement) }
        if let text {
            code = sqlite3_bind_text(statement, 1, text, -1, bk_sqlite3_transient())
            guard code == SQLITE_OK else { throw Failure(code: code) }
        }
        while true {
            code = sqlite3_step(statement)
            guard code == SQLITE_ROW else { break }
            try body(Row(statement: statement))
        }
        guard code == SQLITE_DONE else { throw Failure(code: code) }
    }

    /// The trip with `id`; nil when there is none, or its row is refused
    /// (the full CLI says why).
    func trip(id: String) throws -> TripRow? {
        var found: TripRow?
        try each("SELECT \(Self.columns) FROM trip WHERE booking_id = ?1", binding: id) { row in
            if case .success(let trip) = row.trip() { found = trip }
        }
        return found
    }

    /// Calls `body` with every trip in listing order, or `skipped` with the
    /// id and the reason of a row the checks refuse.
    func forEach(skipping skipped: (String, String) -> Void, _ body: (TripRow) throws -> Void) throws {
        try each("SELECT \(Self.columns) FROM trip ORDER BY check_in, booking_id") { row in
            switch row.trip() {
            case .success(let trip): try body(trip)
            case .failure(let refused): skipped(row.string(0) ?? "", refused.reason)
            }
        }
    }

    /// Calls `body` with every trip's line in listing order, as SQLite holds
    /// its bytes (no string made), or `skipped` with the id and the reason of
    /// a row the checks refuse. Returns the oldest sync time (unix ms).
    @discardableResult
    func forEachLine(skipping skipped: (String, String) -> Void, _ body: (TripRowLine) throws -> Void) throws
        -> Int64?
    {
        var oldest: Int64?
        var currency = CurrencyMemo()
        // The refund's state alone: nearly every row has none, and each
        // column a row SQLite hands over costs it about 150 instructions
        // (BENCHMARKS.md). A row with one has its refund read by its id.
        try each(
            "SELECT booking_id, status, check_in, check_out, voucher_code, property_name, property_city, "
                + "price_currency, price_total, synced_at, refund_state FROM trip ORDER BY check_in, booking_id"
        ) { row in
            if let synced = row.integer(9) { oldest = min(oldest ?? synced, synced) }
            let line = try TripRowLine.read(row, currency: &currency) { try self.refund(of: row.bytes(0)) }
            switch line {
            case .success(let line): try body(line)
            case .failure(let refused): skipped(row.string(0) ?? "", refused.reason)
            }
        }
        return oldest
    }

    /// The refund of the trip `bookingID` (its bytes as the listing holds
    /// them), checked as `TripTable.record` checks it.
    ///
    /// - Throws: `Refused` when the checks refuse it, `Failure` when the
    ///   read fails.
    private func refund(of bookingID: UnsafeRawBufferPointer?) throws -> Refund? {
        if refundStatement == nil {
            let code = sqlite3_prepare_v2(handle, Self.refundSQL, -1, &refundStatement, nil)
            guard code == SQLITE_OK, refundStatement != nil else { throw Failure(code: code) }
        }
        guard let statement = refundStatement, let bookingID, let base = bookingID.baseAddress else { return nil }
        defer { sqlite3_reset(statement) }
        var code = sqlite3_bind_text(
            statement, 1, base.assumingMemoryBound(to: CChar.self), Int32(bookingID.count), bk_sqlite3_transient())
        guard code == SQLITE_OK else { throw Failure(code: code) }
        code = sqlite3_step(statement)
        guard code == SQLITE_ROW else {
            if code == SQLITE_DONE { return nil }
            throw Failure(code: code)
        }
        return try Row(statement: statement).refund(from: 0)
    }

    /// `min(synced_at)` over the integers (unix ms), nil when there are none.
    func oldestSync() throws -> Int64? {
        var oldest: Int64?
        try each("SELECT min(synced_at) FROM trip") { row in oldest = row.integer(0) }
        return oldest
    }
}
