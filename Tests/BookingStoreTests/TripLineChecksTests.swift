import BookingCore
import BookingSQLite
import BookingStore
import Foundation
import TestSupport
import Testing

/// The list line's checks after the types moved to once a listing: in the
/// `STRICT` trip table a total of 0 is a total and a NULL one is a damaged
/// row; in a table that does not enforce types (a file some other program
/// made) every row's types are still asked, so a text total is refused and
/// a text sync time is not a time.
@Suite struct TripLineChecksTests {
    let directory = TemporaryDirectory("trip-line-checks")

    private func lines(_ store: BookingDatabase) throws -> (listed: [String], skipped: [String], oldest: Date?) {
        var listed: [String] = []
        var skipped: [String] = []
        let oldest = try store.trips.forEachLineView(skipping: { skipped.append($0.bookingID) }) { line in
            let total = line.total.map { " \($0.minorUnits)" } ?? ""
            listed.append(
                line.withText(.bookingID) { String(decoding: $0 ?? .init(start: nil, count: 0), as: UTF8.self) } + total
            )
        }
        return (listed, skipped, oldest)
    }

    @Test func aNullTotalIsRefusedAndAZeroTotalIsListed() throws {
        // A damaged file: a row with details and no total.
        let store = try TripMigrationFixture.store(
            in: directory.path, damagedBy: "UPDATE trip SET price_total = NULL WHERE booking_id = 'bk_a1'")
        try store.database.execute("UPDATE trip SET price_total = 0 WHERE booking_id = 'bk_b2'")
        let (listed, skipped, oldest) = try lines(store)
        #expect(skipped == ["bk_a1"])
        #expect(listed == ["bk_c3 123458044", "bk_f6 10000", "bk_b2 0", "bk_d4", "bk_e5"])
        #expect(oldest == Date(timeIntervalSince1970: 0.001))
    }

    @Test func aTableThatDoesNotEnforceTypesHasEachRowsTypesAsked() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.database.execute(TripMigrationFixture.tripsSQL)
        // The same columns without STRICT, as another program could leave
        // them: text where the store writes integers.
        try store.database.executeScript(
            """
            DROP VIEW trip_columns_from_json;
            CREATE TABLE loose AS SELECT * FROM trip;
            DROP TABLE trip;
            ALTER TABLE loose RENAME TO trip;
            UPDATE trip SET price_total = '25840x' WHERE booking_id = 'bk_a1';
            UPDATE trip SET synced_at = 'soon' WHERE booking_id = 'bk_f6';
            """)
        #expect(try !store.database.isStrictTable("trip"))
        let (listed, skipped, oldest) = try lines(store)
        // Read as an integer, '25840x' would have been a total of 25840.
        #expect(skipped == ["bk_a1"])
        #expect(listed == ["bk_c3 123458044", "bk_f6 10000", "bk_b2 16500", "bk_d4", "bk_e5"])
        // The text sync time is no time: the oldest is the next one.
        #expect(oldest == Date(timeIntervalSince1970: 1_796_000_000.001))
    }

    @Test func theStoresOwnTableIsStrict() throws {
        let store = try BookingDatabase(directory: directory.path)
        #expect(try store.database.isStrictTable("trip"))
        #expect(try !store.database.isStrictTable("no_such_table"))
    }
}
