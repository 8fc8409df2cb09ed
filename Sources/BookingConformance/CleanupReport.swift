/// What a run created on the server and what its cleanup did with it.
public struct CleanupReport: Sendable, Equatable {
    /// Holds the run's answers named.
    public var holdsCreated = 0
    /// Of them, released by the cleanup (or already ended).
    public var holdsReleased = 0
    /// Of them, taken by a booking (released with it when it was cancelled).
    public var holdsBooked = 0
    /// Bookings the run's answers named.
    public var bookingsCreated = 0
    /// Of them, cancelled (by a check or by the cleanup).
    public var bookingsCancelled = 0
    /// Of them, ended unpaid (`FAILED`, `EXPIRED`).
    public var bookingsEndedUnpaid = 0
    /// What the cleanup could not release or cancel, one line each.
    public var leftovers: [String] = []

    /// One sentence for the report.
    public var summary: String {
        var text =
            "created \(holdsCreated) holds (\(holdsReleased) released, \(holdsBooked) taken by bookings) and "
            + "\(bookingsCreated) bookings (\(bookingsCancelled) cancelled, \(bookingsEndedUnpaid) ended unpaid)"
        if !leftovers.isEmpty { text += "; left behind: " + leftovers.joined(separator: "; ") }
        return text
    }
}
