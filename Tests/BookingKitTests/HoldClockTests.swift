import BookingKit
import Testing

/// The hold clock on a manual clock: network delay shows less time, never
/// more; the wall clock plays no part.
@Suite struct HoldClockTests {
    @Test func networkDelayShowsLessTimeNeverMore() {
        let clock = ManualClock()
        let holdClock = HoldClock(clock: clock)
        let anchor = holdClock.now()  // read before the request leaves
        clock.advance(by: .milliseconds(2_500))  // the request and its answer take 2.5 s
        let left = holdClock.remaining(expiresIn: .seconds(600), anchoredAt: anchor)
        #expect(left == .milliseconds(597_500))
        #expect(left < .seconds(600))
    }

    @Test func remainingIsFlooredAtZero() {
        let clock = ManualClock()
        let holdClock = HoldClock(clock: clock)
        let countdown = HoldCountdown(anchor: holdClock.now(), expiresIn: .seconds(10))
        clock.advance(by: .seconds(11))
        #expect(holdClock.remaining(countdown) == .zero)
        #expect(countdown.hasEnded(at: holdClock.now()))
    }

    @Test func aWallClockJumpChangesNothing() {
        // The device's wall clock jumps 20 minutes ahead while 10 s pass on
        // the monotonic clock; the hold clock reads only the monotonic one.
        let monotonic = ManualClock()
        let wall = ManualClock(startingAt: .seconds(1_780_000_000))
        let holdClock = HoldClock(clock: monotonic)
        let anchor = holdClock.now()
        monotonic.advance(by: .seconds(10))
        wall.advance(by: .seconds(1_200))
        #expect(holdClock.remaining(expiresIn: .seconds(600), anchoredAt: anchor) == .seconds(590))
    }

    @Test func readingsAreMeasuredFromTheOrigin() {
        let clock = ManualClock()
        let holdClock = HoldClock(clock: clock)
        #expect(holdClock.now() == .origin)
        clock.advance(by: .seconds(3))
        #expect(holdClock.now() == MonotonicInstant(sinceOrigin: .seconds(3)))
    }

    @Test func theDefaultClockCountsForward() {
        let holdClock = HoldClock()
        let first = holdClock.now()
        #expect(holdClock.now() >= first)
    }
}
