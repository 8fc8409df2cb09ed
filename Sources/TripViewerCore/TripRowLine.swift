import BookingValues
import CBookingSQLite

/// One line of `booking trips` as SQLite holds the row's bytes (valid until
/// the listing steps on): no string is made per row.
struct TripRowLine: TripLineFields {
    let bookingID: UnsafeRawBufferPointer?
    let checkIn: UnsafeRawBufferPointer?
    let checkOut: UnsafeRawBufferPointer?
    let voucherCode: UnsafeRawBufferPointer?
    let propertyName: UnsafeRawBufferPointer?
    let city: UnsafeRawBufferPointer?
    let status: BookingStatus
    let total: Money?
    let refund: Refund?

    func withText<Result>(_ field: TripLineField, _ body: (UnsafeRawBufferPointer?) throws -> Result) rethrows
        -> Result
    {
        switch field {
        case .bookingID: try body(bookingID)
        case .checkIn: try body(checkIn)
        case .checkOut: try body(checkOut)
        case .voucherCode: try body(voucherCode)
        case .propertyName: try body(propertyName)
        case .city: try body(city)
        }
    }

    /// The line of a listing row (booking_id, status, check_in, check_out,
    /// voucher_code, property_name, property_city, price_currency,
    /// price_total, synced_at, refund_state), checked as
    /// `TripTable.forEachLineView` does; `refund` reads the row's refund
    /// (checked as `TripTable.record` does), called only when it has one.
    ///
    /// - Throws: what `refund` throws but `TripFile.Refused` (a read that failed).
    static func read(
        _ row: TripFile.Row, currency memo: inout TripFile.CurrencyMemo, refund: () throws -> Refund?
    ) throws -> Result<TripRowLine, TripFile.Refused> {
        var status: BookingStatus
        switch row.bytes(1) {
        case let bytes? where same(bytes, "CONFIRMED"): status = .confirmed
        case let bytes? where same(bytes, "CANCELLED"): status = .cancelled
        default:
            switch row.stay() {
            case .success(let stay): status = stay.0
            case .failure(let refused): return .failure(refused)
            }
        }
        let (start, end) = (row.bytes(2), row.bytes(3))
        if !isStay(start, end), case .failure(let refused) = row.stay() { return .failure(refused) }
        let (name, city) = (row.bytes(5), row.bytes(6))
        var total: Money?
        if name != nil {
            guard let currency = row.bytes(7).flatMap({ memo.code($0) }), let amount = row.integer(8), amount >= 0,
                city != nil
            else { return .failure(TripFile.Refused(reason: "its details are incomplete or out of range")) }
            total = Money(minorUnits: amount, currency: currency)
        }
        var saved: Refund?
        if !row.isNull(10) {
            do {
                saved = try refund()
            } catch let refused as TripFile.Refused {
                return .failure(refused)
            }
        }
        return .success(
            TripRowLine(
                bookingID: row.bytes(0), checkIn: start, checkOut: end, voucherCode: row.bytes(4), propertyName: name,
                city: city, status: status, total: total, refund: saved))
    }

    /// ASCII dates of 10 bytes in order: a stay, with no string made. Each
    /// date is read as an 8-byte and a 2-byte word, compared big-endian
    /// (byte order); a loop over the bytes cost about 160 instructions a row.
    private static func isStay(_ start: UnsafeRawBufferPointer?, _ end: UnsafeRawBufferPointer?) -> Bool {
        guard let start, let end, start.count == 10, end.count == 10 else { return false }
        let (startHead, endHead) = (start.loadUnaligned(as: UInt64.self), end.loadUnaligned(as: UInt64.self))
        let startTail = start.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        let endTail = end.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        guard (startHead | endHead) & 0x8080_8080_8080_8080 == 0, (startTail | endTail) & 0x8080 == 0 else {
            return false
        }
        return (startHead.bigEndian, startTail.bigEndian) < (endHead.bigEndian, endTail.bigEndian)
    }

    /// Whether `bytes` are `text`'s: for 8 bytes or more, its first and last
    /// eight as two words.
    private static func same(_ bytes: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
        let other = UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard bytes.count == other.count, other.count >= 8 else { return bytes.elementsEqual(other) }
        let last = other.count - 8
        return bytes.loadUnaligned(as: UInt64.self) == other.loadUnaligned(as: UInt64.self)
            && bytes.loadUnaligned(fromByteOffset: last, as: UInt64.self)
                == other.loadUnaligned(fromByteOffset: last, as: UInt64.self)
    }
}
