/// A hold's countdown in a form a later process can use: the boot it was
/// taken on, the boot-time reading (time since boot, counting sleep) taken
/// before the hold request left, and the server's `expiresIn`.
///
/// Saved in `booking_attempt.hold_anchor`. On the same boot a new process
/// computes the time left; after a reboot (another boot id) the answer is
/// "unknown: read the hold again". Pure: the readings come from
/// `BootClock` (HoldClockPlatform.swift) through the caller.
package struct SavedHoldAnchor: Hashable, Sendable {
    /// The time left on a saved hold, as far as this device can tell.
    package enum TimeLeft: Hashable, Sendable {
        /// Same boot: this much time is left (zero when it ran out).
        case known(Duration)
        /// Another boot, or a reading that cannot be compared: read the
        /// hold again from the server.
        case unknown
    }

    /// The boot the anchor was read on (Linux: the kernel boot id; see `BootClock`).
    package let bootID: String
    /// Time since boot, counting sleep, just before the hold request left.
    package let sinceBoot: Duration
    /// The server's `expiresIn` for the hold.
    package let expiresIn: Duration

    /// An anchor; `nil` for an empty boot id, a boot id with `;` or
    /// whitespace, or negative durations.
    package init?(bootID: String, sinceBoot: Duration, expiresIn: Duration) {
        guard BootClock.Reading.isUsable(bootID: bootID), sinceBoot >= .zero, expiresIn >= .zero
        else { return nil }
        self.bootID = bootID
        self.sinceBoot = sinceBoot
        self.expiresIn = expiresIn
    }

    /// Time left at a reading taken on boot `currentBootID`, `sinceBoot` after boot.
    package func timeLeft(currentBootID: String, sinceBoot now: Duration) -> TimeLeft {
        guard currentBootID == bootID, now >= sinceBoot else { return .unknown }
        let left = expiresIn - (now - sinceBoot)
        return .known(left > .zero ? left : .zero)
    }

    /// The text saved in the database: `v1;<boot id>;<ms since boot>;<expires in ms>`.
    package var storageText: String {
        "v1;\(bootID);\(Self.milliseconds(sinceBoot));\(Self.milliseconds(expiresIn))"
    }

    /// Parses `storageText` strictly; `nil` for anything else.
    package init?(storageText: String) {
        let parts = storageText.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "v1",
            let since = Self.parseMilliseconds(parts[2]), let expires = Self.parseMilliseconds(parts[3])
        else { return nil }
        self.init(bootID: String(parts[1]), sinceBoot: .milliseconds(since), expiresIn: .milliseconds(expires))
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    private static func parseMilliseconds(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.count <= 15, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int64(text)
    }
}
