/// A forward move of a saved attempt's row: its new phase, and any server
/// id, version or hold anchor learned with it. Fields left `nil` keep their
/// saved value. It carries no time: whoever writes it (the repository)
/// stamps `updated_at` when it does.
package struct AttemptChange: Hashable, Codable, Sendable {
    /// The attempt to move.
    package var attemptID: AttemptID
    /// The new phase.
    package var phase: AttemptPhase
    /// The server version this move comes from; `nil` for the client's own
    /// moves, which keep the saved version.
    package var version: Version?
    /// The hold granted, if learned now.
    package var holdID: HoldID?
    /// The booking created, if learned now.
    package var bookingID: BookingID?
    /// A new hold anchor (`SavedHoldAnchor`'s storage text), if the hold was (re)read now.
    package var holdAnchor: String?
    /// The lead guest the payment carries, saved with `paymentSubmitted` in
    /// the same statement (then fixed: the key is bound to it).
    package var guest: GuestDetails?

    /// A change.
    package init(
        attemptID: AttemptID, phase: AttemptPhase, version: Version? = nil, holdID: HoldID? = nil,
        bookingID: BookingID? = nil, holdAnchor: String? = nil, guest: GuestDetails? = nil
    ) {
        self.attemptID = attemptID
        self.phase = phase
        self.version = version
        self.holdID = holdID
        self.bookingID = bookingID
        self.holdAnchor = holdAnchor
        self.guest = guest
    }
}
