import Foundation
import TestSupport
import Testing

/// `booking trips --ics` and `booking trip ID --ics`: the device's trips as
/// a calendar, read back by a real iCalendar parser. The lean viewer
/// (`booking`, a child process) and the full CLI (in this process) give the
/// same bytes.
@Suite struct CalendarExportTests {
    @Test(CalendarExportTests.parserAvailable())
    func tripsExportAsAllDayEventsThatACancellationUpdatesInPlace() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "calendar")
        let cli = InProcess(sharing: booking)
        let id = try await cli.holdAndPay()
        let trip = try await cli.trip(id)
        let checkIn = try #require(trip["checkIn"] as? String)
        let checkOut = try #require(trip["checkOut"] as? String)

        let lean = try await booking.run(["trips", "--ics"])
        #expect(lean.status == 0, "\(lean.error)")
        let full = try await cli.run(["trips", "--ics"])
        #expect(full.output == lean.output)
        #expect(lean.output.hasPrefix("BEGIN:VCALENDAR\r\n") && lean.output.hasSuffix("END:VCALENDAR\r\n"))
        let confirmed = try Self.read(lean.output)
        try #require(confirmed.count == 1)
        #expect(confirmed[0]["uid"] as? String == "\(id)@bookingkit")
        #expect(confirmed[0]["status"] as? String == "CONFIRMED")
        #expect(confirmed[0]["dtstart"] as? [String: String] == ["value": checkIn, "type": "date"])
        #expect(confirmed[0]["dtend"] as? [String: String] == ["value": checkOut, "type": "date"])
        let firstSequence = try #require(confirmed[0]["sequence"] as? Int)

        let cancel = try await cli.run(["cancel", id, "--yes"])
        try #require(cancel.status == 0, "\(cancel.output) \(cancel.error)")
        let one = try await booking.run(["trip", id, "--ics"])
        #expect(one.status == 0, "\(one.error)")
        let cancelled = try Self.read(one.output)
        try #require(cancelled.count == 1)
        #expect(cancelled[0]["uid"] as? String == "\(id)@bookingkit")
        #expect(cancelled[0]["status"] as? String == "CANCELLED")
        #expect(try #require(cancelled[0]["sequence"] as? Int) > firstSequence)
        #expect(cancelled[0]["dtstart"] as? [String: String] == ["value": checkIn, "type": "date"])
        #expect(confirmed[0]["description"] is NSNull)
        // The refund, as the trip shows it, in the event's description; the
        // full CLI writes the same bytes.
        let shown = try await cli.run(["trip", id])
        let line = try #require(shown.output.split(separator: "\n").first { $0.hasPrefix("  refund:    ") })
        #expect(cancelled[0]["description"] as? String == "Cancelled: " + line.dropFirst("  refund:    ".count))
        #expect(try await cli.run(["trip", id, "--ics"]).output == one.output)
    }

    @Test func aCalendarIsNotJSONAndAnUnknownTripIsRejected() async throws {
        let cli = InProcess(label: "calendar-usage")
        let both = try await cli.run(["trips", "--ics", "--json"])
        #expect(both.status == 2)
        #expect(both.output.contains("--ics and --json are two formats"))
        let none = try await cli.run(["trip", "bk_unknown", "--ics"])
        #expect(none.status == 2)
        let empty = try await cli.run(["trips", "--ics"])
        #expect(empty.status == 0)
        #expect(empty.output.contains("BEGIN:VCALENDAR") && !empty.output.contains("BEGIN:VEVENT"))
    }

    /// The events `scripts/ics-read.py` (PyPI's icalendar) reads in `text`.
    static func read(_ text: String) throws -> [[String: Any]] {
        let result = ChildProcess.run(
            "/usr/bin/env", ["python3", BuiltProducts.packageRoot + "/scripts/ics-read.py"], input: text)
        try #require(result.status == 0, "\(result.standardError)")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        return try #require(parsed?["events"] as? [[String: Any]])
    }

    struct ParserMissing: Error, CustomStringConvertible { let description: String }

    /// Runs when python3 can import `icalendar`; skipped with the reason
    /// otherwise, or failed under `BOOKINGKIT_REQUIRE_TOOLS=1`.
    static func parserAvailable() -> ConditionTrait {
        let present = ChildProcess.run("/usr/bin/env", ["python3", "-c", "import icalendar"]).status == 0
        let needs = "python3 with the icalendar package (pip install icalendar)"
        return .enabled(Comment(rawValue: present ? "needs \(needs)" : "needs \(needs), not installed")) {
            if !present && ExternalTool.isRequired {
                throw ParserMissing(
                    description: "needs \(needs), not installed, and BOOKINGKIT_REQUIRE_TOOLS=1 requires every tool")
            }
            return present
        }
    }
}
