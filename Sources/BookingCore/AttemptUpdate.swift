/// A change to a saved attempt's row: its new phase, and the server ids and
/// version learned so far. `nil` fields leave the column as it is.
public struct AttemptUpdate: Hashable, Codable, Sendable {
    /// The attempt to update.
    public let attemptID: AttemptID
    /// Its new phase.
    public let phase: AttemptPhase
    /// The hold id, if known.
    public let holdID: HoldID?
    /// The booking id, if known.
    public let bookingID: BookingID?
    /// The booking version applied, if any.
    public let version: Version?

    /// An update.
    public init(
        attemptID: AttemptID, phase: AttemptPhase, holdID: HoldID? = nil, bookingID: BookingID? = nil,
        version: Version? = nil
    ) {
        self.attemptID = attemptID
        self.phase = phase
        self.holdID = holdID
        self.bookingID = bookingID
        self.version = version
    }
}
