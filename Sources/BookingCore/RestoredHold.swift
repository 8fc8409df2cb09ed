/// What the device itself knows of a held attempt at launch, before the
/// server answers: the hold with the time left on it (read from the saved
/// anchor on the same boot, never more than the server granted) and the
/// hold clock reading that time was taken at.
///
/// The runner builds it; the flow shows the countdown from it at once and
/// reads the hold again to correct it.
public struct RestoredHold: Hashable, Codable, Sendable {
    /// The hold, its `expiresInMs` being the time left at `readAt`.
    public let hold: Hold
    /// The hold clock reading the time left was computed at.
    public let readAt: MonotonicInstant

    /// A restored hold.
    public init(hold: Hold, readAt: MonotonicInstant) {
        self.hold = hold
        self.readAt = readAt
    }
}
