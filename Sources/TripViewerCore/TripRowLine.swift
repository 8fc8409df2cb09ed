import BookingCore
import CSQLite

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
    /// price_total, synced_at, refund_amount, refund_currency, refund_at,
    /// refund_state), checked as `TripTable.forEachLineView` does (the
    /// refund as `TripTable.record`).
    static func read(_ row: TripFile.Row, currency memo: inout TripFile.CurrencyMemo) -> Result<
        TripRowLine, TripFile.Refused
    > {
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
        let refund: Refund?
        do {
            refund = try row.refund(from: 10)
        } catch {
            return .failure(error)
        }
        return .success(
            TripRowLine(
                bookingID: row.bytes(0), checkIn: start, checkOut: end, voucherCode: row.bytes(4), propertyName: name,
                city: city, status: status, total: total, refund: refund))
    }

    /// ASCII dates of 10 bytes in order: a stay, with no string made.
    private static func isStay(_ start: UnsafeRawBufferPointer?, _ end: UnsafeRawBufferPointer?) -> Bool {
        guard let start, let end, start.count == 10, end.count == 10 else { return false }
        var high: UInt8 = 0
        for index in 0..<10 { high |= start[index] | end[index] }
        return high < 0x80 && start.lexicographicallyPrecedes(end)
    }

    private static func same(_ bytes: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
        text.withUTF8Buffer { bytes.elementsEqual($0) }
    }
}
