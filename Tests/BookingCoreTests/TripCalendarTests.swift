import BookingCore
import Foundation
import TestSupport
import Testing

/// Trips as iCalendar text: what a calendar app reads back (dates that never
/// move, one event per booking that updates in place, cancelled shown so).
@Suite struct TripCalendarTests {
    static func event(
        _ id: String = "bk_0123456789abcdef", version: Int64 = 3, checkIn: String = "2026-12-31",
        checkOut: String = "2027-01-02", summary: String = "Hotel Lisboa Centro",
        location: String? = "Rua Augusta 1, Lisbon",
        cancelled: Bool = false
    ) -> TripCalendar.Event {
        TripCalendar.Event(
            bookingID: BookingID(id), version: Version(rawValue: version)!, checkIn: CalendarDate(checkIn)!,
            checkOut: CalendarDate(checkOut)!, summary: summary, location: location, isCancelled: cancelled,
            stampUnixSeconds: 1_764_637_323)
    }

    @Test func oneTripIsAnAllDayEventOverItsHotelDates() {
        let text = TripCalendar(events: [Self.event()]).text
        #expect(
            text
                == [
                    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//BookingKit//Trips//EN", "CALSCALE:GREGORIAN",
                    "METHOD:PUBLISH", "BEGIN:VEVENT", "UID:bk_0123456789abcdef@bookingkit", "DTSTAMP:20251202T010203Z",
                    "SEQUENCE:3", "DTSTART;VALUE=DATE:20261231", "DTEND;VALUE=DATE:20270102",
                    "SUMMARY:Hotel Lisboa Centro", "LOCATION:Rua Augusta 1\\, Lisbon", "STATUS:CONFIRMED",
                    "TRANSP:TRANSPARENT", "END:VEVENT", "END:VCALENDAR", "",
                ].joined(separator: "\r\n"))
    }

    @Test func aCancelledTripSaysSoAndKeepsItsUID() {
        let text = TripCalendar(events: [Self.event(version: 4, cancelled: true)]).text
        #expect(text.contains("\r\nSTATUS:CANCELLED\r\n"))
        #expect(text.contains("\r\nSEQUENCE:4\r\n"))
        #expect(text.contains("\r\nUID:bk_0123456789abcdef@bookingkit\r\n"))
    }

    @Test func hostileTextIsEscapedAndLongLinesFoldBetweenCharacters() {
        let summary = "Casa; \"A\", B\\C\nsecond line\r\nthird \u{1b}[31m" + String(repeating: "ä€😀", count: 30)
        let text = TripCalendar(events: [Self.event(summary: summary)]).text
        let physical = text.components(separatedBy: "\r\n").dropLast()
        for line in physical { #expect(line.utf8.count <= 75, "\(line)") }
        #expect(!text.contains("\u{1b}"))
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        let line = unfolded.components(separatedBy: "\r\n").first { $0.hasPrefix("SUMMARY:") }
        #expect(
            line == "SUMMARY:Casa\\; \"A\"\\, B\\\\C\\nsecond line\\nthird [31m" + String(repeating: "ä€😀", count: 30))
        // Every physical line is valid UTF-8 on its own: no fold inside a character.
        for line in physical { #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil) }
    }

    @Test func datesThatDoNotMakeAStayGiveAOneDayEvent() {
        let text = TripCalendar(events: [Self.event(checkIn: "2026-12-31", checkOut: "2026-12-31")]).text
        #expect(text.contains("DTSTART;VALUE=DATE:20261231\r\n"))
        #expect(!text.contains("DTEND"))
    }

    @Test func stampsBefore1970AreFlooredToTheirDay() {
        func stamp(_ seconds: Int64) -> Bool {
            var event = Self.event()
            event.stampUnixSeconds = seconds
            return TripCalendar(events: [event]).text.contains(
                "\r\nDTSTAMP:\(seconds < 0 ? "19691231T235959Z" : "19700101T000000Z")\r\n")
        }
        #expect(stamp(-1))
        #expect(stamp(0))
    }

    /// The generated text read back by a real RFC 5545 parser (`icalendar`
    /// from PyPI, through `scripts/ics-read.py`): all-day dates, UID,
    /// SEQUENCE, STATUS and the escaped text come back as written.
    @Test(TripCalendarTests.parserAvailable()) func aRealParserReadsWhatWasMeant() throws {
        let summary = "Casa; \"A\", B\\C\nline two " + String(repeating: "ä€😀", count: 30)
        let events = [
            Self.event(),
            Self.event(
                "bk_second", version: 2, checkIn: "2028-02-28", checkOut: "2028-03-01",
                summary: summary, location: nil, cancelled: true),
        ]
        let result = ChildProcess.run(
            "/usr/bin/env", ["python3", Self.reader], input: TripCalendar(events: events).text)
        try #require(result.status == 0, "\(result.standardError)")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let read = try #require(parsed?["events"] as? [[String: Any]])
        #expect(parsed?["version"] as? String == "2.0")
        try #require(read.count == 2)
        #expect(read[0]["uid"] as? String == "bk_0123456789abcdef@bookingkit")
        #expect(read[0]["sequence"] as? Int == 3)
        #expect(read[0]["dtstart"] as? [String: String] == ["value": "2026-12-31", "type": "date"])
        #expect(read[0]["dtend"] as? [String: String] == ["value": "2027-01-02", "type": "date"])
        #expect(read[0]["status"] as? String == "CONFIRMED")
        #expect(read[0]["location"] as? String == "Rua Augusta 1, Lisbon")
        #expect(read[0]["dtstamp"] as? String == "2025-12-02T01:02:03+00:00")
        #expect(read[1]["uid"] as? String == "bk_second@bookingkit")
        #expect(read[1]["sequence"] as? Int == 2)
        #expect(read[1]["dtstart"] as? [String: String] == ["value": "2028-02-28", "type": "date"])
        #expect(read[1]["dtend"] as? [String: String] == ["value": "2028-03-01", "type": "date"])
        #expect(read[1]["status"] as? String == "CANCELLED")
        #expect(read[1]["summary"] as? String == summary)
        #expect(read[1]["location"] is NSNull)
    }

    struct ParserMissing: Error, CustomStringConvertible { let description: String }

    static var reader: String { BuiltProducts.packageRoot + "/scripts/ics-read.py" }

    /// Runs the parser test when python3 can import `icalendar`; without it the
    /// test is skipped with the reason, or fails under `BOOKINGKIT_REQUIRE_TOOLS=1`.
    static func parserAvailable() -> ConditionTrait {
        let probe = ChildProcess.run("/usr/bin/env", ["python3", "-c", "import icalendar"])
        let present = probe.status == 0
        let needs = "python3 with the icalendar package (pip install icalendar)"
        return .enabled(Comment(rawValue: present ? "needs \(needs)" : "needs \(needs), not installed")) {
            if !present && ExternalTool.isRequired {
                throw ParserMissing(
                    description:
                        "needs \(needs), not installed, and \(ExternalTool.requireVariable)=1 requires every tool")
            }
            return present
        }
    }
}
