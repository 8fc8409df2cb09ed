import BookingCore
import Testing

/// A saved hold anchor survives a restart on the same boot and says
/// "unknown" after a reboot; the platform's boot clock reads forward.
@Suite struct SavedHoldAnchorTests {
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
