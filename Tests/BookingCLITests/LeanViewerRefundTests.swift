import BookingViewer
import Foundation
import TestSupport
import Testing

/// The lean viewer's listing reads a row's refund only when it has one (by
/// its id, after the listing's own columns): a refund is shown as the full
/// CLI shows it, a refund the checks refuse has its row named and skipped
/// by both, and the rows without one are listed as before.
@Suite struct LeanViewerRefundTests {
    @Test(ExternalTool.needed("sqlite3"))
    func aRefundIsShownAndADamagedOneRefusedAsTheCLIDoes() async throws {
        let lone = try await LoneViewer("lean-refund")
        let details =
            #"{"guests":2,"price":{"fees":{"amount":400,"currency":"EUR"},"nightly":{"amount":12000,"currency":"EUR"},"#
            + #""taxes":{"amount":1440,"currency":"EUR"},"total":{"amount":25840,"currency":"EUR"}},"#
            + #""property":{"city":"Lisboa","id":"p1","name":"Casa"},"room":{"name":"Standard double","type":"std"}}"#
        try lone.insert(
            """
            INSERT INTO trip (booking_id, status, property_json, check_in, check_out, voucher_code, version, synced_at)
            VALUES ('bk_1', 'CONFIRMED', '\(details)', '2027-01-01', '2027-01-03', NULL, 1, 1796000000000),
                   ('bk_2', 'CANCELLED', '\(details)', '2027-01-02', '2027-01-03', NULL, 2, 1796000000000),
                   ('bk_3', 'CANCELLED', '\(details)', '2027-01-03', '2027-01-05', NULL, 2, 1796000000000),
                   ('bk_4', 'CANCELLED', '\(details)', '2027-01-04', '2027-01-05', NULL, 2, 1796000000000);
            UPDATE trip SET refund_amount = 25840, refund_currency = 'EUR', refund_at = 1796000000000,
                            refund_state = 'SUCCEEDED' WHERE booking_id = 'bk_2';
            UPDATE trip SET refund_amount = 100, refund_currency = 'EUR', refund_at = 1796000000000,
                            refund_state = 'PENDING' WHERE booking_id = 'bk_4';
            PRAGMA ignore_check_constraints = ON;
            UPDATE trip SET refund_state = 'SUCCEEDED' WHERE booking_id = 'bk_3';
            """)
        let viewer = try await Booking.execute(lone.viewer, ["trips"] + lone.arguments, environment: lone.environment)
        let full = try await Booking.execute(lone.cli, ["trips"] + lone.arguments, environment: lone.environment)
        #expect(viewer.status == 0 && full.status == 0, "\(viewer.error) | \(full.error)")
        #expect(!viewer.error.contains("cannot run"), "handed over: \(viewer.error)")
        let lines = viewer.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(viewer.output)")
        #expect(lines.first?.hasPrefix("bk_1  CONFIRMED") == true && lines.first?.contains("refund") == false)
        #expect(lines.dropFirst().first?.contains("EUR 258.40  refunded EUR 258.40 on ") == true, "\(lines)")
        #expect(lines.dropFirst(2).first?.hasSuffix("refund of EUR 1.00 pending") == true, "\(lines)")
        #expect(viewer.error.contains("trip bk_3 not shown: its refund is incomplete or out of range"))
        #expect(viewer.output == full.output)
        #expect(viewer.error == full.error)
    }
}
