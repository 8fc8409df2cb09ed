/// What the device itself knows of a held attempt at launch, before the
/// server answers: the hold with the time left on it (read from the saved
/// anchor on the same boot, never more than the server granted) and the
/// countdown of that time from the hold clock reading it was taken at.
///
/// The runner builds it; the flow shows the countdown at once and reads
/// the hold again to correct it.
package struct RestoredHold: Hashable, Codable, Sendable {
    /// The hold, its `expiresInMs` being the time left when it was read.
    package let hold: Hold
    /// The hold's time left, counted from the hold clock reading it was
    /// computed at.
    package let countdown: HoldCountdown

    /// The restored `hold`, its time left computed at hold clock reading
    /// `readAt`.
    package init(hold: Hold, readAt: MonotonicInstant) {
        self.hold = hold
        countdown = HoldCountdown(anchor: readAt, expiresIn: hold.expiresIn)
    }
}
