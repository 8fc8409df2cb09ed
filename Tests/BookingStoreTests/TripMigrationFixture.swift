import BookingStore
import Foundation

/// The trips of the migration tests, as schema steps 1-2 saved them, and
/// what `booking trips` printed for them before step 3 (captured from the
/// build before it: stdout of `trips --json` up to the freshness fields,
/// and of `trips` up to its last line; the JSON's door fields and terms,
/// added by step 16, are null for them, as they had none).
enum TripMigrationFixture {
    /// Six trips: three currencies with their minor digits, absent and null
    /// fields, escapes and non-ASCII text, and two rows whose JSON is not a
    /// trip's details (not a trip's shape; price lines in two currencies).
    static let tripsSQL = #"""
        INSERT INTO trip (booking_id, status, property_json, check_in, check_out, voucher_code, version, synced_at) VALUES
        ('bk_a1', 'CONFIRMED', '{"guests":2,"price":{"fees":{"amount":400,"currency":"EUR"},"nightly":{"amount":12000,"currency":"EUR"},"taxes":{"amount":1440,"currency":"EUR"},"total":{"amount":25840,"currency":"EUR"}},"property":{"address":"Rua Augusta 1","city":"Lisbon","id":"p1","name":"Casa Azul","stars":4},"room":{"name":"Standard double","type":"std"}}', '2027-01-10', '2027-01-12', 'BK-000001', 1, 1796000000123),
        ('bk_b2', 'CANCELLED', '{"guests":1,"price":{"fees":{"amount":0,"currency":"JPY"},"nightly":{"amount":15000,"currency":"JPY"},"taxes":{"amount":1500,"currency":"JPY"},"total":{"amount":16500,"currency":"JPY"}},"property":{"city":"Kyoto","id":"p2","name":"Ryokan"},"room":{"name":"Tatami","type":"dlx"}}', '2027-02-01', '2027-02-02', NULL, 3, 1796000000999),
        ('bk_c3', 'CONFIRMED', '{"guests":8,"price":{"fees":{"amount":5,"currency":"BHD"},"nightly":{"amount":123456789,"currency":"BHD"},"taxes":{"amount":1250,"currency":"BHD"},"total":{"amount":123458044,"currency":"BHD"}},"property":{"address":null,"city":"Man\u0061ma \"Old\" \\ town","id":"p3","name":"Caf\u00e9 \u001b[31mRed\u001b[0m \u202eevil","stars":5},"room":{"name":"Fam\tily","type":"fam"}}', '2026-12-24', '2027-01-23', 'V\u00e9-1', 12, 1796000000001),
        ('bk_d4', 'CONFIRMED', '{"name":"Casa","city":"Lisbon"}', '2027-03-01', '2027-03-05', 'BK-4', 1, 1800000000000),
        ('bk_e5', 'CONFIRMED', '{"guests":2,"price":{"fees":{"amount":400,"currency":"USD"},"nightly":{"amount":12000,"currency":"EUR"},"taxes":{"amount":1440,"currency":"EUR"},"total":{"amount":25840,"currency":"EUR"}},"property":{"city":"Lisbon","id":"p1","name":"Mixed"},"room":{"name":"Std","type":"std"}}', '2027-03-01', '2027-03-02', NULL, 0, 1796000000500),
        ('bk_f6', 'CONFIRMED', '{"guests":3,"price":{"fees":{"amount":0,"currency":"GBP"},"nightly":{"amount":9999,"currency":"GBP"},"taxes":{"amount":1,"currency":"GBP"},"total":{"amount":10000,"currency":"GBP"}},"property":{"address":"1 \u65e5\u672c Street","city":"London","id":"p9","name":"\ud83c\udfe8 Hotel","stars":1},"room":{"name":"Single","type":"std"}}', '2027-01-10', '2027-01-11', '', 7, 1);
        """#

    /// `booking trips --json` before step 3, up to `"offline"`.
    ///
    /// Kept as captured, letter for letter, so the repetition in it stays:
    /// `bk_d4` and `bk_e5` print the same run of nulls (neither row holds a
    /// trip's details). A deliberate independent check: generating those
    /// lines would compare the new code with itself, not with the old output.
    static let jsonBefore = #"""
        {
          "trips": [
            {
              "bookingId": "bk_c3",
              "status": "CONFIRMED",
              "propertyName": "Caf\#u{e9} \u001b[31mRed\u001b[0m \#u{202e}evil",
              "city": "Manama \"Old\" \\ town",
              "address": null,
              "roomName": "Fam\tily",
              "guests": 8,
              "guestName": null,
              "phone": null,
              "checkInTime": null,
              "checkOutTime": null,
              "cancellation": null,
              "checkIn": "2026-12-24",
              "checkOut": "2027-01-23",
              "voucherCode": "V\\u00e9-1",
              "refund": null,
              "price": {
                "total": {
                  "amount": 123458044,
                  "currency": "BHD",
                  "formatted": "BHD 123,458.044"
                },
                "nightly": {
                  "amount": 123456789,
                  "currency": "BHD",
                  "formatted": "BHD 123,456.789"
                },
                "taxes": {
                  "amount": 1250,
                  "currency": "BHD",
                  "formatted": "BHD 1.250"
                },
                "fees": {
                  "amount": 5,
                  "currency": "BHD",
                  "formatted": "BHD 0.005"
                }
              },
              "version": 12,
              "syncedAt": "2026-11-30T00:53:20.001Z"
            },
            {
              "bookingId": "bk_a1",
              "status": "CONFIRMED",
              "propertyName": "Casa Azul",
              "city": "Lisbon",
              "address": "Rua Augusta 1",
              "roomName": "Standard double",
              "guests": 2,
              "guestName": null,
              "phone": null,
              "checkInTime": null,
              "checkOutTime": null,
              "cancellation": null,
              "checkIn": "2027-01-10",
              "checkOut": "2027-01-12",
              "voucherCode": "BK-000001",
              "refund": null,
              "price": {
                "total": {
                  "amount": 25840,
                  "currency": "EUR",
                  "formatted": "EUR 258.40"
                },
                "nightly": {
                  "amount": 12000,
                  "currency": "EUR",
                  "formatted": "EUR 120.00"
                },
                "taxes": {
                  "amount": 1440,
                  "currency": "EUR",
                  "formatted": "EUR 14.40"
                },
                "fees": {
                  "amount": 400,
                  "currency": "EUR",
                  "formatted": "EUR 4.00"
                }
              },
              "version": 1,
              "syncedAt": "2026-11-30T00:53:20.123Z"
            },
            {
              "bookingId": "bk_f6",
              "status": "CONFIRMED",
              "propertyName": "\#u{1f3e8} Hotel",
              "city": "London",
              "address": "1 \#u{65e5}\#u{672c} Street",
              "roomName": "Single",
              "guests": 3,
              "guestName": null,
              "phone": null,
              "checkInTime": null,
              "checkOutTime": null,
              "cancellation": null,
              "checkIn": "2027-01-10",
              "checkOut": "2027-01-11",
              "voucherCode": "",
              "refund": null,
              "price": {
                "total": {
                  "amount": 10000,
                  "currency": "GBP",
                  "formatted": "GBP 100.00"
                },
                "nightly": {
                  "amount": 9999,
                  "currency": "GBP",
                  "formatted": "GBP 99.99"
                },
                "taxes": {
                  "amount": 1,
                  "currency": "GBP",
                  "formatted": "GBP 0.01"
                },
                "fees": {
                  "amount": 0,
                  "currency": "GBP",
                  "formatted": "GBP 0.00"
                }
              },
              "version": 7,
              "syncedAt": "1970-01-01T00:00:00.001Z"
            },
            {
              "bookingId": "bk_b2",
              "status": "CANCELLED",
              "propertyName": "Ryokan",
              "city": "Kyoto",
              "address": null,
              "roomName": "Tatami",
              "guests": 1,
              "guestName": null,
              "phone": null,
              "checkInTime": null,
              "checkOutTime": null,
              "cancellation": null,
              "checkIn": "2027-02-01",
              "checkOut": "2027-02-02",
              "voucherCode": null,
              "refund": null,
              "price": {
                "total": {
                  "amount": 16500,
                  "currency": "JPY",
                  "formatted": "JPY 16,500"
                },
                "nightly": {
                  "amount": 15000,
                  "currency": "JPY",
                  "formatted": "JPY 15,000"
                },
                "taxes": {
                  "amount": 1500,
                  "currency": "JPY",
                  "formatted": "JPY 1,500"
                },
                "fees": {
                  "amount": 0,
                  "currency": "JPY",
                  "formatted": "JPY 0"
                }
              },
              "version": 3,
              "syncedAt": "2026-11-30T00:53:20.999Z"
            },
            {
              "bookingId": "bk_d4",
              "status": "CONFIRMED",
              "propertyName": null,
              "city": null,
              "address": null,
              "roomName": null,
              "guests": null,
              "guestName": null,
              "phone": null,
              "checkInTime": null,
              "checkOutTime": null,
              "cancellation": null,
              "checkIn": "2027-03-01",
              "checkOut": "2027-03-05",
              "voucherCode": "BK-4",
              "refund": null,
              "price": null,
              "version": 1,
              "syncedAt": "2027-01-15T08:00:00.000Z"
            },
            {
              "bookingId": "bk_e5",
              "status": "CONFIRMED",
              "propertyName": null,
              "city": null,
              "address": null,
              "roomName": null,
              "guests": null,
              "guestName": null,
              "phone": null,
              "checkInTime": null,
              "checkOutTime": null,
              "cancellation": null,
              "checkIn": "2027-03-01",
              "checkOut": "2027-03-02",
              "voucherCode": null,
              "refund": null,
              "price": null,
              "version": 0,
              "syncedAt": "2026-11-30T00:53:20.500Z"
            }
          ],
          "offline"
        """#

    /// `booking trips` before step 3 (with `NO_COLOR`), up to its last line.
    static let textBefore = #"""
        bk_c3  CONFIRMED  Caf\#u{e9} \u{1b}[31mRed\u{1b}[0m \u{202e}evil, Manama "Old" \ town  2026-12-24 to 2027-01-23  BHD 123,458.044  voucher V\u00e9-1
        bk_a1  CONFIRMED  Casa Azul, Lisbon  2027-01-10 to 2027-01-12  EUR 258.40  voucher BK-000001
        bk_f6  CONFIRMED  \#u{1f3e8} Hotel, London  2027-01-10 to 2027-01-11  GBP 100.00  voucher\#u{20}
        bk_b2  CANCELLED  Ryokan, Kyoto  2027-02-01 to 2027-02-02  JPY 16,500
        bk_d4  CONFIRMED  2027-03-01 to 2027-03-05  voucher BK-4
        bk_e5  CONFIRMED  2027-03-01 to 2027-03-02
        """#

    /// `count` trips of one shape, inserted in one statement.
    static func manyTripsSQL(count: Int) -> String {
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
        INSERT INTO trip (booking_id, status, property_json, check_in, check_out, voucher_code, version, synced_at)
        SELECT printf('bk_%08d', i), 'CONFIRMED',
               '{"guests":2,"price":{"fees":{"amount":400,"currency":"EUR"},"nightly":{"amount":12000,'
               || '"currency":"EUR"},"taxes":{"amount":1440,"currency":"EUR"},"total":{"amount":25840,'
               || '"currency":"EUR"}},"property":{"address":"Rua ' || i || '","city":"Lisbon","id":"p'
               || (i % 50) || '","name":"Casa ' || (i % 50) || '","stars":4},"room":{"name":"Standard double",'
               || '"type":"std"}}',
               date('2027-01-01', '+' || (i % 500) || ' days'), date('2027-01-03', '+' || (i % 500) || ' days'),
               printf('BK-%06d', i), 1, 1796000000000
        FROM n;
        """
    }

    /// A store in `directory` holding the six trips, then damaged by `sql`
    /// written past the trip table's CHECKs, as another program could leave
    /// a file.
    static func store(in directory: String, damagedBy sql: String) throws -> BookingDatabase {
        let store = try BookingDatabase(directory: directory)
        try store.database.execute(tripsSQL)
        try store.database.execute("PRAGMA ignore_check_constraints = ON")
        try store.database.executeScript(sql)
        try store.database.execute("PRAGMA ignore_check_constraints = OFF")
        return store
    }
}
