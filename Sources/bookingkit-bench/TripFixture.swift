import BookingCore
import BookingStore
import CSQLiteBaseline
import Foundation

/// Trips as the server confirms them: a property description of about
/// 400 bytes of JSON, calendar dates over three years, a voucher on two
/// trips in three, every tenth one cancelled. Deterministic.
enum TripFixture {
    /// Trip number `index`.
    static func record(_ index: Int) -> TripRecord {
        let day = 1 + index % 25
        let month = 1 + (index / 25) % 12
        let year = 2026 + (index / 300) % 3
        let property = index % 997
        let propertyJSON = """
            {"id":"prop_\(Fixtures.padded(property, width: 5))","name":"Casa do Largo \(property)",\
            "address":{"street":"Rua Augusta \(1 + index % 240)","city":"Lisboa","postalCode":"1100-048","country":"PT"},\
            "stars":\(1 + index % 5),"rating":\(6 + index % 4).\(index % 10),"phone":"+351 21 000 \(Fixtures.padded(index % 10_000, width: 4))",\
            "checkInFrom":"15:00","checkOutUntil":"11:00","room":"Double room, city view, breakfast included",\
            "geo":{"lat":38.71\(Fixtures.padded(index % 100, width: 2)),"lon":-9.13\(Fixtures.padded(index % 97, width: 2))},\
            "guests":\(1 + index % 4),"cancellation":"Free cancellation until 48 hours before check-in"}
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
        bkb_trip(
            booking_id: strings.copy(trip.bookingID.rawValue),
            status: strings.copy(trip.status.rawValue),
            property_json: strings.copy(trip.propertyJSON),
            check_in: strings.copy(trip.checkIn),
            check_out: strings.copy(trip.checkOut),
            voucher_code: strings.copy(trip.voucherCode),
            version: trip.version.rawValue,
            synced_at: Fixtures.milliseconds(trip.syncedAt))
    }

    /// What both sides add up over each trip they read: the integers and
    /// the byte length of every text (0 for NULL). Equal sums prove both
    /// read the same rows in full.
    static func checksum(_ trip: TripRecord) -> UInt64 {
        UInt64(bitPattern: trip.version.rawValue) &+ UInt64(bitPattern: Fixtures.milliseconds(trip.syncedAt))
            &+ UInt64(trip.bookingID.rawValue.utf8.count) &+ UInt64(trip.status.rawValue.utf8.count)
            &+ UInt64(trip.propertyJSON.utf8.count) &+ UInt64(trip.checkIn.utf8.count)
            &+ UInt64(trip.checkOut.utf8.count) &+ UInt64(trip.voucherCode?.utf8.count ?? 0)
    }
}
