import BookingCore
import BookingSQLite
import Foundation

extension TripTable {
    private static let lineSQL = """
        SELECT booking_id, status, check_in, check_out, voucher_code, property_name, property_city, price_currency,
               price_total, synced_at
        FROM trip ORDER BY check_in, booking_id
        """

    /// Calls `body` with each trip's list line in check-in order, one row at
    /// a time, reading only the columns a line shows. A row with a shown
    /// value the schema would refuse (a damaged file) goes to `skipped`
    /// instead; the columns a line does not show are checked where they are
    /// shown (`forEach`, `trip(id:)`).
    package func forEachLine(skipping skipped: (Skipped) throws -> Void, _ body: (TripLine) throws -> Void) throws {
        _ = try forEachLineView(skipping: skipped) { try body(TripLine($0)) }
    }

    /// `forEachLine` with no string made: `body` gets each checked row as
    /// a view whose text is the bytes SQLite holds, valid only during the
    /// call. The cheapest walk, for `booking trips` (BENCHMARKS.md).
    ///
    /// Returns `oldestSync()` over the rows walked, skipped ones included
    /// (every saved trip): a listing needs no second pass over the table
    /// for it (`min(synced_at)` has no index and read every page again).
    @discardableResult
    package func forEachLineView(
        skipping skipped: (Skipped) throws -> Void, _ body: (TripLineView) throws -> Void
    ) throws -> Date? {
        let strict = try database.isStrictTable("trip")
        let statement = try database.cachedStatement(Self.lineSQL)
        defer { statement.reset() }
        // Checked once per listing, not per row: in a STRICT table the total
        // and the sync time, declared INTEGER, hold an integer or NULL in
        // every row, so no row's type is asked but a 0's (SQLite reads NULL
        // as 0). Any other table has each row's type asked.
        let typed = strict && statement.declaredType(at: 8) == "INTEGER" && statement.declaredType(at: 9) == "INTEGER"
        var currency = CurrencyCache()
        // As `min(synced_at)`: integers only (a damaged row's other value
        // is not a time), nil when there are none.
        var oldest: Int64?
        while try statement.step() {
            if let synced = Self.integer(statement, at: 9, typed: typed) { oldest = min(oldest ?? synced, synced) }
            let line: TripLineView
            do {
                line = try Self.lineView(from: statement, typed: typed, currency: &currency)
            } catch StoreError.unreadableRow(_, let reason) {
                try skipped(Skipped(bookingID: statement.string(at: 0), reason: reason))
                continue
            }
            try body(line)
        }
        return oldest.map { Date(unixMilliseconds: $0) }
    }

    /// The integer in `column`, `nil` for NULL or a value of another type.
    /// `typed`: the column can hold nothing but an integer or NULL (one
    /// call a row, two for a 0).
    @inline(__always)
    private static func integer(_ row: Statement, at column: Int32, typed: Bool) -> Int64? {
        guard typed else {
            guard case .integer(let value) = row.value(at: column) else { return nil }
            return value
        }
        let value = row.int64(at: column)
        return value != 0 || !row.isNull(at: column) ? value : nil
    }

    /// The checks of `stay` and `summary` for a line's columns, on the
    /// bytes: each column is read once, with the calls raw C makes.
    ///
    /// Every check stays on every row, though the schema's CHECKs refuse
    /// the same values at every write: they hold only for rows written
    /// through SQLite with its checks on, and a file changed otherwise (a
    /// page damaged on disk, a program writing with
    /// `ignore_check_constraints`) must never list a wrong stay, status or
    /// price as valid. They are a few compares of the row's bytes: the
    /// dates' order, the largest, costs 24 instructions of about 4,400 a
    /// row (BENCHMARKS.md, measured against trusting `trip`'s CHECKs once
    /// a listing). Inlined into the row loop: the view is built where the
    /// loop passes it on, with no call a row.
    @inline(__always)
    private static func lineView(
        from row: Statement, typed: Bool, currency cache: inout CurrencyCache
    ) throws -> TripLineView {
        let statusBytes = row.unsafeBytes(at: 1)
        let status: BookingStatus
        if let bytes = statusBytes, same(bytes, "CONFIRMED") {
            status = .confirmed
        } else if let bytes = statusBytes, same(bytes, "CANCELLED") {
            status = .cancelled
        } else {
            status = try stay(row, status: 1, checkIn: 2, checkOut: 3).0
        }
        // ASCII dates of 10 bytes in order are a stay; anything else is
        // checked (and refused) exactly as `stay` does. The view holds
        // SQLite's bytes for the row.
        let (start, end) = (row.unsafeBytes(at: 2), row.unsafeBytes(at: 3))
        if !isStay(start, end) { _ = try stay(row, status: 1, checkIn: 2, checkOut: 3) }
        let (name, city) = (row.unsafeBytes(at: 5), row.unsafeBytes(at: 6))
        let texts = (row.unsafeBytes(at: 0), start, end, row.unsafeBytes(at: 4), name, city)
        guard name != nil else { return TripLineView(texts: texts, status: status, total: nil) }
        guard let code = row.unsafeBytes(at: 7), cache.isCode(code),
            let amount = integer(row, at: 8, typed: typed), amount >= 0, city != nil
        else { throw unreadable("its details are incomplete or out of range") }
        return TripLineView(texts: texts, status: status, total: (amount, code))
    }

    /// Whether two dates' bytes are 10 ASCII bytes each, `start` first:
    /// as the byte loop and `memcmp` it replaces (`TripLineChecksTests`),
    /// on two words a date (an 8-byte and a 2-byte load), compared in
    /// big-endian order so integer order is byte order.
    @inline(__always)
    private static func isStay(_ start: UnsafeRawBufferPointer?, _ end: UnsafeRawBufferPointer?) -> Bool {
        guard let start, let end, start.count == 10, end.count == 10,
            let first = start.baseAddress, let last = end.baseAddress
        else { return false }
        let (startHead, endHead) = (first.loadUnaligned(as: UInt64.self), last.loadUnaligned(as: UInt64.self))
        let startTail = first.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        let endTail = last.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        guard (startHead | endHead) & 0x8080_8080_8080_8080 == 0, (startTail | endTail) & 0x8080 == 0 else {
            return false
        }
        if startHead != endHead { return UInt64(bigEndian: startHead) < UInt64(bigEndian: endHead) }
        return UInt16(bigEndian: startTail) < UInt16(bigEndian: endTail)
    }

    /// Whether `bytes` are the bytes of `text`: for a text of 8 to 16
    /// bytes (a status), its first and last eight bytes as two words.
    @inline(__always)
    private static func same(_ bytes: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count == count, let left = bytes.baseAddress else { return false }
        let right = UnsafeRawPointer(text.utf8Start)
        guard (8...16).contains(count) else { return memcmp(left, right, count) == 0 }
        return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
            && left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
}
