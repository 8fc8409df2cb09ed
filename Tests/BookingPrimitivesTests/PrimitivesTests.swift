import BookingPrimitives
import Foundation
import Testing

@Suite struct PrimitivesTests {
    @Test func theCivilCalendarRoundTripsEveryDayOfFourCenturies() {
        // 1600-03-01 ... 2400-02-29, every leap rule crossed.
        let first = CivilCalendar.daysSince1970(year: 1600, month: 3, day: 1)
        let last = CivilCalendar.daysSince1970(year: 2400, month: 2, day: 29)
        var previous = CivilCalendar.day(daysSince1970: first - 1)
        for days in first...last {
            let day = CivilCalendar.day(daysSince1970: days)
            #expect(CivilCalendar.daysSince1970(year: day.year, month: day.month, day: day.day) == days)
            let next = previous.day == CivilCalendar.daysIn(month: previous.month, year: previous.year)
            if next { #expect(day.day == 1) } else { #expect(day.day == previous.day + 1) }
            previous = day
        }
        #expect(CivilCalendar.daysSince1970(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilCalendar.weekday(daysSince1970: 0) == 3)  // a Thursday
        #expect(!CivilCalendar.isLeap(1900) && CivilCalendar.isLeap(2000) && CivilCalendar.isLeap(2024))
    }

    @Test func httpDatesAreWrittenAndReadAsRFC9110Says() {
        #expect(HTTPDate.string(unixSeconds: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.string(unixSeconds: -1) == "Wed, 31 Dec 1969 23:59:59 GMT")
        let now: Int64 = 1_790_000_000
        for text in ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"] {
            #expect(HTTPDate.unixSeconds(text, nowUnixSeconds: now) == 784_111_777, "\(text)")
        }
        for bad in ["Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "tomorrow", ""] {
            #expect(HTTPDate.unixSeconds(bad, nowUnixSeconds: now) == nil, "\(bad)")
        }
        for seconds in stride(from: Int64(-86_400 * 400), to: 86_400 * 400 * 100, by: 86_400 * 37 + 4_111) {
            #expect(HTTPDate.unixSeconds(HTTPDate.string(unixSeconds: seconds), nowUnixSeconds: now) == seconds)
        }
    }

    @Test func jsonTextEscapesWhatJSONAndATerminalNeed() throws {
        let text = "a\"b\\c\nd\u{1b}[2J\u{9b}\u{7f}\u{2028}é"
        let quoted = JSONText.quoted(text)
        #expect(quoted == #""a\"b\\c\nd\u001b[2J\u009b\u007f\u2028é""#)
        #expect(try JSONDecoder().decode(String.self, from: Data(quoted.utf8)) == text)
    }

    @Test func aJSONValueReadsBackWhatItWrites() throws {
        let value: JSONValue = ["b": [1, "two", true, .null], "a": .double(1.5), "c": ["d": "\u{0}"]]
        let read = try #require(Self.parse(value.serialized()))
        #expect(read["a"] == .double(1.5))
        #expect(read["b"][1].stringValue == "two")
        #expect(read["b"][0].intValue == 1)
        #expect(read["b"][3].isNull && read["b"][9].isNull && read["zz"].isNull)
        #expect(read["c"]["d"].stringValue == "\u{0}")
        #expect(read.serialized(pretty: false) == #"{"a":1.5,"b":[1,"two",true,null],"c":{"d":"\u0000"}}"#)
        #expect(Self.parse("{") == nil)
    }

    /// `text` decoded as a `JSONValue` by Foundation's `JSONDecoder`.
    static func parse(_ text: String) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test func theSeededGeneratorReplaysItsSeed() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        let a = (0..<100).map { _ in first.next() }
        #expect(a == (0..<100).map { _ in second.next() })
        // The published first output for seed 0.
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
        #expect(Set(a).count == 100)
    }

    @Test func theLockBoxSerializesItsWriters() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { for _ in 0..<1000 { counter.withLock { $0 += 1 } } } }
        }
        #expect(counter.withLock { $0 } == 8000)
    }
}
