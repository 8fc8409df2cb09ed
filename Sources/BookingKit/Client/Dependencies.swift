import BookingAPI
import BookingCore
import Foundation

/// Everything the runtime reads from the world outside its files and the
/// network, as one value: the wall clock, the source of ids, the hold clock,
/// the boot clock and the way it waits. An app passes `live`; a test passes
/// one value of its own (a manual clock, fixed ids, a sleeper that returns
/// at once), and every part of the runtime built from it reads the same.
package struct Dependencies: Sendable {
    /// The wall clock: `created_at`/`updated_at`/`synced_at`, the key's
    /// lifetime and the age of cached pages only; never a hold's countdown.
    package var now: @Sendable () -> Date
    /// The source of new attempt ids and idempotency keys (random v4 UUIDs).
    package var makeUUID: @Sendable () -> UUID
    /// The hold clock's reading: the one clock the runner and every
    /// `payTapped` share, so hold checks compare readings of one clock.
    package var holdNow: @Sendable () -> MonotonicInstant
    /// The boot clock, for saved hold anchors a later process can use.
    package var bootReading: @Sendable () -> BootClock.Reading?
    /// How effects, debounces and retries wait.
    package var sleeper: any Sleeper

    /// A value; every part left out is the live one (`holdNow`: a new
    /// `HoldClock` on `ContinuousClock`, counting through sleep).
    package init(
        now: @escaping @Sendable () -> Date = { Date() }, makeUUID: @escaping @Sendable () -> UUID = { UUID() },
        holdNow: (@Sendable () -> MonotonicInstant)? = nil,
        bootReading: @escaping @Sendable () -> BootClock.Reading? = { BootClock.current() },
        sleeper: any Sleeper = TaskSleeper()
    ) {
        self.now = now
        self.makeUUID = makeUUID
        let clock = HoldClock()
        self.holdNow = holdNow ?? { clock.now() }
        self.bootReading = bootReading
        self.sleeper = sleeper
    }

    /// The real clocks, random ids and real waits.
    package static var live: Dependencies { Dependencies() }

    /// A new id from `makeUUID`, lower-cased: attempt ids, idempotency keys
    /// and cancellation keys.
    package func newID() -> String { makeUUID().uuidString.lowercased() }

    /// The wall clock in whole unix seconds, as `BookingAPIClient` reads it.
    package var wallClockSeconds: @Sendable () -> Int64 {
        let now = self.now
        return { Int64(now().timeIntervalSince1970) }
    }
}
