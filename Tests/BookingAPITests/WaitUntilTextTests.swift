import BookingAPI
import Testing

/// Hardening round 3, item 7: the time a server asked to wait until is said
/// in UTC, with the date when it is not today, and a date more than a year
/// away (an HTTP-date in 9999) as such.
@Suite struct WaitUntilTextTests {
    /// 2026-12-01 13:59:00 UTC.
    static let now: Int64 = 1_796_133_540

    @Test func todayIsTheTimeInUTCRoundedUpToTheMinute() {
        #expect(WaitUntilText.text(until: Self.now + 1, nowUnixSeconds: Self.now) == "14:00 UTC")
        #expect(WaitUntilText.text(until: Self.now + 60, nowUnixSeconds: Self.now) == "14:00 UTC")
    }

    @Test func aRetryAfterOf86399SecondsIsTomorrowWithItsDate() {
        #expect(WaitUntilText.text(until: Self.now + 86_399, nowUnixSeconds: Self.now) == "13:59 UTC on 2026-12-02")
    }

    @Test func aRoundingPastMidnightGivesTheNextDay() {
        let lastSecond: Int64 = 1_796_169_599  // 2026-12-01 23:59:59
        #expect(WaitUntilText.text(until: lastSecond, nowUnixSeconds: Self.now) == "00:00 UTC on 2026-12-02")
    }

    @Test func aDateMoreThanAYearAwayIsSaidAsSuch() {
        let year9999: Int64 = 253_402_300_799  // 9999-12-31 23:59:59
        #expect(
            WaitUntilText.text(until: year9999, nowUnixSeconds: Self.now)
                == "more than a year from now (the server named 9999-12-31)")
    }
}
