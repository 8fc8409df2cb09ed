import BookingCore
import Foundation

/// A forward move of a saved attempt: its new phase and version, and any
/// server id or hold anchor learned with it. Fields left `nil` keep their
/// saved value.
public struct AttemptChange: Equatable, Sendable {
    /// The attempt to move.
    public var attemptID: AttemptID
    /// The new phase.
    public var phase: AttemptPhase
    /// The server version this move comes from; the saved version when the
    /// move is the client's own (e.g. `paymentSubmitted` before the request).
    public var version: Version
    /// The hold granted, if learned now.
    public var holdID: HoldID?
    /// The booking created, if learned now.
    public var bookingID: BookingID?
    /// A new hold anchor, if the hold was (re)read now.
    public var holdAnchor: String?
    /// When the move happened.
    public var at: Date

    /// Creates an update.
    public init(
        attemptID: AttemptID, phase: AttemptPhase, version: Version, holdID: HoldID? = nil,
        bookingID: BookingID? = nil, holdAnchor: String? = nil, at: Date
    ) {
        self.attemptID = attemptID
        self.phase = phase
        self.version = version
        self.holdID = holdID
        self.bookingID = bookingID
        self.holdAnchor = holdAnchor
        self.at = at
    }
}
