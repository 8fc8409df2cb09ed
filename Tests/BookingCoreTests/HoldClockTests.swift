import BookingCore
import Testing

/// The hold clock on a manual clock: network delay shows less time, never
/// more; the wall clock plays no part; a saved anchor survives a restart on
/// the same boot and says "unknown" after a reboot.
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

    @Test func savedAnchorGivesTimeLeftOnTheSameBoot() throws {
        let anchor = try #require(
            SavedHoldAnchor(bootID: "boot-1", sinceBoot: .seconds(5_000), expiresIn: .seconds(600)))
        #expect(anchor.timeLeft(currentBootID: "boot-1", sinceBoot: .seconds(5_100)) == .known(.seconds(500)))
        #expect(anchor.timeLeft(currentBootID: "boot-1", sinceBoot: .seconds(9_000)) == .known(.zero))
    }

    @Test func savedAnchorIsUnknownAfterAReboot() throws {
        let anchor = try #require(
            SavedHoldAnchor(bootID: "boot-1", sinceBoot: .seconds(5_000), expiresIn: .seconds(600)))
        #expect(anchor.timeLeft(currentBootID: "boot-2", sinceBoot: .seconds(5_100)) == .unknown)
        #expect(anchor.timeLeft(currentBootID: "boot-1", sinceBoot: .seconds(4_000)) == .unknown)
    }

    @Test func savedAnchorRoundTripsThroughItsStorageText() throws {
        let anchor = try #require(
            SavedHoldAnchor(
                bootID: "0f3c-11", sinceBoot: .milliseconds(123_456),
                expiresIn: .seconds(600)))
        #expect(anchor.storageText == "v1;0f3c-11;123456;600000")
        #expect(SavedHoldAnchor(storageText: anchor.storageText) == anchor)
        for bad in ["", "v2;b;1;2", "v1;;1;2", "v1;b;-1;2", "v1;b;1", "v1;b;1;2;3", "v1;b;1.5;2", "v1;b; 1;2"] {
            #expect(SavedHoldAnchor(storageText: bad) == nil, "\(bad)")
        }
    }

    @Test func thePlatformGivesABootIdAndAForwardBootTime() throws {
        let first = try #require(BootClock.current())
        let second = try #require(BootClock.current())
        #expect(!first.bootID.isEmpty)
        #expect(first.bootID == second.bootID)
        #expect(second.sinceBoot >= first.sinceBoot)
    }

    @Test func aReadingRefusesWhatASavedAnchorCouldNotHold() {
        for bootID in ["", "a;b", "a b", "a\tb", "é"] {
            #expect(BootClock.Reading(bootID: bootID, sinceBoot: .seconds(1)) == nil)
            #expect(SavedHoldAnchor(bootID: bootID, sinceBoot: .seconds(1), expiresIn: .seconds(1)) == nil)
        }
        #expect(BootClock.Reading(bootID: "boot-1", sinceBoot: .seconds(-1)) == nil)
        #expect(BootClock.Reading(bootID: "boot-1", sinceBoot: .seconds(1))?.bootID == "boot-1")
    }
}
