import BookingCore
import BookingStore
import Foundation
import TestSupport
import Testing

/// A printer that copies a view's bytes with no closure (`unsafeBytes(of:)`,
/// `unsafeCurrencyBytes`, `totalMinorUnits`) reads what the lines as strings
/// say: every text, the total's amount and its currency, and nothing for a
/// row without details.
@Suite struct TripLineViewBytesTests {
    let directory = TemporaryDirectory("trip-line-view-bytes")

    private static func text(_ bytes: UnsafeRawBufferPointer?) -> String? {
        bytes.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func theViewsBytesAreTheLinesText() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.database.execute(TripMigrationFixture.tripsSQL)
        var lines: [TripLine] = []
        try store.trips.forEachLine(skipping: { Issue.record("skipped \($0.bookingID)") }) { lines.append($0) }
        var read: [TripLine] = []
        var currencies: [String?] = []
        var amounts: [Int64] = []
        try store.trips.forEachLineView(skipping: { Issue.record("skipped \($0.bookingID)") }) { view in
            func text(_ field: TripLine.Field) -> String? { Self.text(view.unsafeBytes(of: field)) }
            read.append(
                TripLine(
                    bookingID: BookingID(text(.bookingID) ?? ""), status: view.status,
                    propertyName: text(.propertyName), city: text(.city), checkIn: text(.checkIn) ?? "",
                    checkOut: text(.checkOut) ?? "", total: view.total, voucherCode: text(.voucherCode)))
            currencies.append(Self.text(view.unsafeCurrencyBytes))
            amounts.append(view.totalMinorUnits)
            #expect(view.hasDetails == (view.total != nil))
        }
        #expect(lines.count == 6)
        #expect(read == lines)
        #expect(currencies == lines.map { $0.total?.currency.rawValue })
        #expect(amounts == lines.map { $0.total?.minorUnits ?? 0 })
        // The fixture has rows with and without details.
        #expect(currencies.contains(nil) && currencies.contains { $0 != nil })
    }

    /// The status and dates are checked on words of the row's bytes; a row
    /// the words refuse or cannot decide (non-ASCII) is decided as `stay`
    /// decides it, in the view and in the lines as strings alike.
    @Test func theWordChecksRefuseWhatStayRefuses() throws {
        let store = try TripMigrationFixture.store(
            in: directory.path,
            damagedBy: """
                UPDATE trip SET check_out = check_in WHERE booking_id = 'bk_a1';
                UPDATE trip SET check_in = '2027-02-12', check_out = '2027-02-11' WHERE booking_id = 'bk_b2';
                UPDATE trip SET status = 'CONFIRMEX' WHERE booking_id = 'bk_d4';
                UPDATE trip SET check_out = '2027-03-\u{e9}' WHERE booking_id = 'bk_e5';
                UPDATE trip SET check_out = '2027-01-19' WHERE booking_id = 'bk_f6';
                """)
        var skipped: [String] = []
        var listed: [String] = []
        try store.trips.forEachLineView(skipping: { skipped.append("\($0.bookingID) \($0.reason)") }) { view in
            listed.append(Self.text(view.unsafeBytes(of: .bookingID)) ?? "")
        }
        #expect(listed == ["bk_c3", "bk_f6", "bk_e5"])
        #expect(
            skipped == [
                "bk_a1 dates 2027-01-10 to 2027-01-10 are not a stay",
                "bk_b2 dates 2027-02-12 to 2027-02-11 are not a stay", "bk_d4 unknown status CONFIRMEX",
            ])
        var lines: [String] = []
        var skippedLines: [String] = []
        try store.trips.forEachLine(skipping: { skippedLines.append("\($0.bookingID) \($0.reason)") }) {
            lines.append($0.bookingID.rawValue)
        }
        #expect(lines == listed)
        #expect(skippedLines == skipped)
    }
}
