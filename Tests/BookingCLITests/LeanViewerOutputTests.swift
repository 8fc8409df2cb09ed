import BookingStore
import BookingViewer
import Foundation
import TestSupport
import Testing

/// The lean viewer (`booking`, no Foundation) answers `trips`, `trips
/// --json`, `trips --ics` and `trip ID` by itself, and prints what the full
/// CLI (`booking-cli`) prints for the same command, byte for byte. It runs
/// here as a copy with no `booking-cli` beside it, so a command it handed
/// over would fail instead of passing through the CLI unnoticed.
@Suite struct LeanViewerOutputTests {
    @Test func theViewerReadsOnlyTheSchemaThisBuildWrites() {
        #expect(LeanViewer.knownSchemaSteps == ClientSchema.bookingSteps.map(\.name))
    }

    @Test(ExternalTool.needed("sqlite3"))
    func theLeanViewerAloneAnswersAndPrintsWhatTheCLIPrints() async throws {
        let lone = try await LoneViewer("lean-output")
        let (alone, cli, down, environment) = (lone.root.file("bin"), lone.cli, lone.arguments, lone.environment)
        // The CLI created the file and its schema; then three saved trips: one
        // with details (a non-ASCII name), one cancelled whose JSON has no
        // trip's shape, one whose stay is refused.
        let details =
            #"{"guests":2,"price":{"fees":{"amount":400,"currency":"EUR"},"nightly":{"amount":12000,"currency":"EUR"},"#
            + #""taxes":{"amount":1440,"currency":"EUR"},"total":{"amount":25840,"currency":"EUR"}},"#
            + #""property":{"address":"Rua 1","city":"Lisboa","id":"p1","name":"Casa Ré","stars":4},"#
            + #""room":{"name":"Standard double","type":"std"}}"#
        let insert = """
            INSERT INTO trip (booking_id, status, property_json, check_in, check_out, voucher_code, version, synced_at)
            VALUES ('bk_1', 'CONFIRMED', '\(details)', '2027-01-01', '2027-01-03', 'BK-1', 1, 1796000000000),
                   ('bk_2', 'CANCELLED', '{"odd":true}', '2027-02-01', '2027-02-05', NULL, 3, 1796000000000);
            PRAGMA ignore_check_constraints = ON;
            INSERT INTO trip (booking_id, status, property_json, check_in, check_out, voucher_code, version, synced_at)
            VALUES ('bk_3', 'CONFIRMED', '{}', '2027-03-01', 'soon', NULL, 1, 1796000000000);
            """
        try lone.insert(insert)

        for command in [
            ["trips"], ["trips", "--json"], ["trips", "--ics"], ["trip", "bk_1"], ["trip", "bk_2", "--json"],
        ] {
            let viewer = try await Booking.execute(alone + "/booking", command + down, environment: environment)
            let full = try await Booking.execute(cli, command + down, environment: environment)
            #expect(viewer.status == 0 && full.status == 0, "\(command): \(viewer.error) | \(full.error)")
            #expect(!viewer.error.contains("cannot run"), "\(command) was handed over: \(viewer.error)")
            #expect(!viewer.output.isEmpty, "\(command)")
            #expect(Self.steady(viewer.output) == Self.steady(full.output), "\(command)")
        }
        let listing = try await Booking.execute(alone + "/booking", ["trips"] + down, environment: environment)
        #expect(listing.output.contains("Casa Ré, Lisboa"))
        #expect(listing.error.contains("trip bk_2: its saved details cannot be read"))
        #expect(listing.error.contains("trip bk_3 not shown: dates 2027-03-01 to soon are not a stay"))
    }

    /// `output` with the one figure that moves between two runs, the age in
    /// seconds of `--json`, masked.
    static func steady(_ output: String) -> String {
        output.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.contains("\"ageSeconds\"") ? "\"ageSeconds\": N" : String(line)
        }.joined(separator: "\n")
    }
}
