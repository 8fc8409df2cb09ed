import BookingCore
import BookingStore
import CBookingSQLiteBaseline
import Foundation

/// Trips as the server confirms them: a property description of about
/// 400 bytes of JSON, calendar dates over three years, a voucher on two
/// trips in three, every tenth one cancelled. Deterministic.
enum TripFixture {
    /// The first `count` trips, for the store, and the same rows for the C
    /// baseline: the input both sides of a trip suite get.
    static func rows(count: Int) -> (records: [TripRecord], cRows: CRows<bkb_trip>) {
        let records = (0..<count).map(record)
        return (records, CRows(count: count) { cRow(records[$0], $1) })
    }

    /// Trip number `index`.
    static func record(_ index: Int) -> TripRecord {
        let day = 1 + index % 25
        let month = 1 + (index / 25) % 12
        let year = 2026 + (index / 300) % 3
        let property = index % 997
        let nightly = 8_000 + index % 40 * 250
        let taxes = nightly / 10
        let total = nightly * 2 + taxes + 350
        // The details as the client saves them (sorted keys), with the
        // sandbox's property fields: about 400 bytes.
        let propertyJSON = """
            {"guests":\(1 + index % 4),"price":{"fees":{"amount":350,"currency":"EUR"},\
            "nightly":{"amount":\(nightly),"currency":"EUR"},"taxes":{"amount":\(taxes),"currency":"EUR"},\
            "total":{"amount":\(total),"currency":"EUR"}},"property":{"address":"Rua Augusta \(1 + index % 240), \
            1100-048 Lisboa","city":"Lisboa","countryCode":"PT","id":"prop_\(Fixtures.padded(property, width: 5))",\
            "lat":38.71\(Fixtures.padded(index % 100, width: 2)),"lon":-9.13\(Fixtures.padded(index % 97, width: 2)),\
            "name":"Casa do Largo \(property)","placeId":"lisbon","stars":\(1 + index % 5)},\
            "room":{"name":"Double room, city view","type":"dlx"}}
            """
        return TripRecord(
            bookingID: BookingID("bk_" + Fixtures.padded(index, width: 10)),
            status: index % 10 == 9 ? .cancelled : .confirmed,
            propertyJSON: propertyJSON,
            checkIn: Fixtures.calendarDate(year: year, month: month, day: day),
            checkOut: Fixtures.calendarDate(year: year, month: month, day: day + 1 + index % 3),
            voucherCode: index % 3 == 0 ? nil : "VCH-" + Fixtures.hex(index * 7_919, width: 8).uppercased(),
            version: Version(rawValue: Int64(1 + index % 7))!,
            syncedAt: Fixtures.date(second: index))
    }

    /// The same trip for the C baseline.
    static func cRow(_ trip: TripRecord, _ strings: CStringPool) -> bkb_trip {
        let json: String = trip.propertyJSON ?? "{}"
        return bkb_trip(
            booking_id: strings.copy(trip.bookingID.rawValue),
            status: strings.copy(trip.status.rawValue),
            property_json: strings.copy(json),
            check_in: strings.copy(trip.checkIn),
            check_out: strings.copy(trip.checkOut),
            voucher_code: strings.copy(trip.voucherCode),
            version: trip.version.rawValue,
            synced_at: Fixtures.milliseconds(trip.syncedAt))
    }

    /// What both sides add up over each trip a list line reads: the total
    /// (0 for NULL) and the byte length of every text (0 for NULL). Equal
    /// sums prove both read the same rows in full. Each text's bytes are
    /// copied into `buffer`, as `booking trips` copies them into its output.
    static func checksum(_ line: some TripLineContent, copyingInto buffer: inout ScanBuffer) -> UInt64 {
        var sum = UInt64(bitPattern: line.total?.minorUnits ?? 0)
        sum &+= line.withText(.bookingID) { buffer.append(text: $0) }
        sum &+= line.withText(.checkIn) { buffer.append(text: $0) }
        sum &+= line.withText(.checkOut) { buffer.append(text: $0) }
        sum &+= line.withText(.voucherCode) { buffer.append(text: $0) }
        sum &+= line.withText(.propertyName) { buffer.append(text: $0) }
        sum &+= line.withText(.city) { buffer.append(text: $0) }
        var status = line.status.rawValue
        sum &+= status.withUTF8 { buffer.append(text: UnsafeRawBufferPointer($0)) }
        if var currency = line.total?.currency.rawValue {
            sum &+= currency.withUTF8 { buffer.append(text: UnsafeRawBufferPointer($0)) }
        }
        return sum
    }

    /// `checksum` for a view, each text copied from the bytes SQLite holds
    /// for the row as C's `append_text` copies them: one `memcpy` a field,
    /// no closure a field and no copy of the view (the generic path's cost,
    /// about 570 instructions a row above C's: BENCHMARKS.md).
    /// The buffer is copied to a local and back: its byte count then stays
    /// in a register across the `memcpy` calls, as C's `used` does, rather
    /// than being stored and loaded again around each.
    static func checksum(_ line: TripLineView, copyingInto buffer: inout ScanBuffer) -> UInt64 {
        var local = buffer
        defer { buffer = local }
        var sum = UInt64(bitPattern: line.totalMinorUnits)
        sum &+= local.append(text: line.unsafeBytes(of: .bookingID))
        sum &+= local.append(text: line.unsafeBytes(of: .checkIn))
        sum &+= local.append(text: line.unsafeBytes(of: .checkOut))
        sum &+= local.append(text: line.unsafeBytes(of: .voucherCode))
        sum &+= local.append(text: line.unsafeBytes(of: .propertyName))
        sum &+= local.append(text: line.unsafeBytes(of: .city))
        sum &+= local.append(text: text(of: line.status))
        sum &+= local.append(text: line.unsafeCurrencyBytes)
        return sum
    }

    /// A trip status's text as static bytes (no `String` a row): a listed
    /// trip is `CONFIRMED` or `CANCELLED` (the schema's CHECK).
    @inline(__always)
    private static func text(of status: BookingStatus) -> UnsafeRawBufferPointer {
        let text: StaticString =
            switch status {
            case .confirmed: "CONFIRMED"
            case .cancelled: "CANCELLED"
            default: ""
            }
        precondition(text.utf8CodeUnitCount > 0, "a trip's status is CONFIRMED or CANCELLED")
        return UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }
}
