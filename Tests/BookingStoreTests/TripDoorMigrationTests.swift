import BookingCore
import BookingSQLite
import BookingStore
import Foundation
import TestSupport
import Testing

/// Schema step 16 (`booking_0016_trip_door`): trips saved before it get the
/// door's columns from their saved JSON when the file migrates, and a later
/// write derives them too; a value of the wrong shape is NULL and the trip
/// keeps every other column.
@Suite struct TripDoorMigrationTests {
    let directory = TemporaryDirectory("trip-door")

    private static let json =
        #"{"guest":{"email":"ana@example.com","name":"Ana Silva"},"guests":2,"#
        + #""price":{"fees":{"amount":400,"currency":"EUR"},"nightly":{"amount":12000,"currency":"EUR"},"#
        + #""taxes":{"amount":1440,"currency":"EUR"},"total":{"amount":25840,"currency":"EUR"}},"#
        + #""property":{"checkInTime":"15:00","checkOutTime":"noon","city":"Lisbon","id":"p1","name":"Casa Azul","#
        + #""phone":"+351 21 000 1037"},"room":{"name":"Standard double","type":"std"}}"#

    private func door(_ database: Database, _ id: String) throws -> [SQLiteValue?] {
        try ["property_phone", "check_in_time", "check_out_time", "guest_name", "property_name"].map { column in
            try database.scalar("SELECT \(column) FROM trip WHERE booking_id = ?", [.text(id)])
        }
    }

    @Test func savedTripsGetTheDoorWhenTheFileMigratesAndLaterWritesToo() throws {
        let path = directory.file("booking.sqlite")
        let before = ClientSchema.bookingSteps.filter { $0.name < "booking_0016" }
        let old = try Database(path: path)
        try Migrator(steps: before).migrate(old)
        try old.execute(
            """
            INSERT INTO trip (booking_id, status, property_json, check_in, check_out, version, synced_at)
            VALUES ('bk_1', 'CONFIRMED', '\(Self.json)', '2027-01-10', '2027-01-12', 1, 1796000000000)
            """)
        #expect(
            try old.scalar("SELECT count(*) FROM pragma_table_info('trip') WHERE name = 'guest_name'") == .integer(0))

        try Migrator(steps: ClientSchema.bookingSteps).migrate(old)
        // "noon" is not HH:MM: NULL, and the rest of the trip stays.
        #expect(
            try door(old, "bk_1") == [
                .text("+351 21 000 1037"), .text("15:00"), .null, .text("Ana Silva"), .text("Casa Azul"),
            ])

        try old.execute(
            """
            INSERT INTO trip (booking_id, status, property_json, check_in, check_out, version, synced_at)
            VALUES ('bk_2', 'CONFIRMED', '\(Self.json.replacingOccurrences(of: "noon", with: "11:00"))',
                    '2027-02-10', '2027-02-12', 1, 1796000000000)
            """)
        #expect(
            try door(old, "bk_2") == [
                .text("+351 21 000 1037"), .text("15:00"), .text("11:00"), .text("Ana Silva"), .text("Casa Azul"),
            ])
    }

    /// Saved JSON with terms: `penalty` in `currency`, free until 18:00 on
    /// 29 Nov (Lisbon) unless `kind` says otherwise.
    private static func withTerms(kind: String, currency: String, shown: Bool) -> String {
        let terms =
            #","cancellation":{"freeUntil":"2027-01-08T18:00:00.000Z","kind":""# + kind
            + #"","penalty":{"amount":12000,"currency":""# + currency + #""},"timeZone":"Europe/Lisbon"}"#
            + (shown
                ? #","cancellationShown":{"clock":"18:00","day":"8 Jan","freeUntilMs":1799431200000,"#
                    + #""zone":"Europe/Lisbon"}"# : "")
        return String(json.dropLast()) + terms + "}"
    }

    @Test func wholeTermsAreColumnsAndTermsThatAreNotWholeAreNull() throws {
        let database = try Database(path: directory.file("booking.sqlite"))
        try Migrator(steps: ClientSchema.bookingSteps).migrate(database)
        let rows = [
            ("bk_free", Self.withTerms(kind: "FREE_UNTIL", currency: "EUR", shown: true)),
            ("bk_usd", Self.withTerms(kind: "FREE_UNTIL", currency: "USD", shown: true)),
            ("bk_unshown", Self.withTerms(kind: "FREE_UNTIL", currency: "EUR", shown: false)),
            ("bk_odd", Self.withTerms(kind: "SOMETIMES", currency: "EUR", shown: true)),
        ]
        for (index, (id, json)) in rows.enumerated() {
            try database.execute(
                """
                INSERT INTO trip (booking_id, status, property_json, check_in, check_out, version, synced_at)
                VALUES ('\(id)', 'CONFIRMED', '\(json)', '2027-01-1\(index)', '2027-01-2\(index)', 1, 1796000000000)
                """)
        }
        let columns =
            "cancellation_kind, cancellation_penalty, cancellation_free_until, cancellation_clock, "
            + "cancellation_day, cancellation_zone"
        func terms(_ id: String) throws -> [SQLiteValue?] {
            try columns.split(separator: ",").map { column in
                try database.scalar("SELECT \(column) FROM trip WHERE booking_id = ?", [.text(id)])
            }
        }
        #expect(
            try terms("bk_free") == [
                .text("FREE_UNTIL"), .integer(12000), .integer(1_799_431_200_000), .text("18:00"), .text("8 Jan"),
                .text("Europe/Lisbon"),
            ])
        for id in ["bk_usd", "bk_unshown", "bk_odd"] {
            #expect(try terms(id) == Array(repeating: .null, count: 6), "\(id)")
            #expect(
                try database.scalar("SELECT property_name FROM trip WHERE booking_id = ?", [.text(id)])
                    == .text("Casa Azul"))
        }
    }
}
