import BookingViewer
import Foundation
import TestSupport
import Testing

/// A line longer than the lean viewer's whole output buffer (64 KiB + 4
/// KiB: `OutputBytes` then grows, keeping what it holds) is printed whole,
/// escaped where it must be, byte for byte as the full CLI prints it, and
/// the lines around it are untouched.
@Suite struct LeanViewerLongLineTests {
    @Test(ExternalTool.needed("sqlite3"))
    func aLineLongerThanTheBufferIsPrintedWholeAndAsTheCLIPrintsIt() async throws {
        let lone = try await LoneViewer("lean-long-line")
        // Trip 2's name is 100,000 bytes; trip 3's is 30,000 with a control
        // byte in it (escaped, so longer when printed), after 2,000 short
        // lines that nearly fill the buffer.
        func details(_ name: String) -> String {
            #"{"guests":2,"price":{"fees":{"amount":400,"currency":"EUR"},"nightly":{"amount":12000,"currency":"EUR"},"#
                + #""taxes":{"amount":1440,"currency":"EUR"},"total":{"amount":25840,"currency":"EUR"}},"#
                + #""property":{"city":"Lisboa","id":"p1","name":""# + name + #""},"#
                + #""room":{"name":"Standard double","type":"std"}}"#
        }
        let insert = """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
            INSERT INTO trip (booking_id, status, property_json, check_in, check_out, voucher_code, version, synced_at)
            SELECT printf('bk_1_%04d', i), 'CONFIRMED', '\(details("Casa"))', '2027-01-01', '2027-01-03', NULL, 1,
                   1796000000000 FROM n;
            INSERT INTO trip (booking_id, status, property_json, check_in, check_out, voucher_code, version, synced_at)
            VALUES ('bk_2', 'CONFIRMED', '\(details(String(repeating: "x", count: 100_000)))', '2027-02-01',
                    '2027-02-03', 'BK-2', 1, 1796000000000),
                   ('bk_3', 'CONFIRMED', '\(details(String(repeating: "y\\u0007", count: 15_000)))', '2027-03-01',
                    '2027-03-03', 'BK-3', 1, 1796000000000);
            """
        try lone.insert(insert)

        let viewer = try await Booking.execute(lone.viewer, ["trips"] + lone.arguments, environment: lone.environment)
        let full = try await Booking.execute(lone.cli, ["trips"] + lone.arguments, environment: lone.environment)
        #expect(viewer.status == 0 && full.status == 0, "\(viewer.error) | \(full.error)")
        #expect(!viewer.error.contains("cannot run"), "handed over: \(viewer.error)")
        let lines = viewer.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2_003)
        #expect(
            lines[2_000] == "bk_2  CONFIRMED  \(String(repeating: "x", count: 100_000)), Lisboa  "
                + "2027-02-01 to 2027-02-03  EUR 258.40  voucher BK-2")
        #expect(lines[2_001].hasPrefix("bk_3  CONFIRMED  y") && lines[2_001].hasSuffix("voucher BK-3"))
        #expect(lines[1_999] == "bk_1_2000  CONFIRMED  Casa, Lisboa  2027-01-01 to 2027-01-03  EUR 258.40")
        #expect(viewer.output == full.output)
    }
}
