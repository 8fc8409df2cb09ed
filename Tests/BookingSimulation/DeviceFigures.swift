/// What the account's second device did in a run (or summed over runs):
/// the figures RELIABILITY.md reports for it (issue 40, item 4).
public struct DeviceFigures: Sendable, Equatable {
    /// Runs with a second device.
    public var runs = 0
    /// Steps of its user while the second device was alive.
    public var steps = 0
    /// Launches of the second device (`BookingClient.launch()`, which reads
    /// the rooms held elsewhere), the first and every relaunch.
    public var launches = 0
    /// Times its user brought it back to the foreground and read the rooms
    /// held elsewhere (`holdsElsewhere()`).
    public var foregrounds = 0
    /// Rooms held elsewhere that a launch or a read listed.
    public var listed = 0
    /// Takeovers tapped, and of those the ones the flow took (an attempt
    /// saved on the hold, then the hold read).
    public var takeOversTapped = 0
    public var takeOvers = 0
    /// Takeovers whose attempt the server then confirmed (paid on this device).
    public var takeOversPaid = 0
    /// Rooms let go (`letGo(_:)`).
    public var letGos = 0
    /// Attempts either device showed `.failed(.bookedElsewhere)`.
    public var bookedElsewhere = 0
    /// Holds the account's ledger charged, by how many charges each had:
    /// `chargesPerHold[1]` holds charged once (more than one is I1).
    public var chargesPerHold: [Int: Int] = [:]
    /// Times a process paused at an effect boundary so the other device's
    /// work could run first, and the pauses during which it did.
    public var pauses = 0
    public var interleavings = 0
    /// Consecutive effect boundaries passed by different devices.
    public var switches = 0

    /// Adds another run's figures.
    public mutating func add(_ other: DeviceFigures) {
        runs += other.runs
        steps += other.steps
        launches += other.launches
        foregrounds += other.foregrounds
        listed += other.listed
        takeOversTapped += other.takeOversTapped
        takeOvers += other.takeOvers
        takeOversPaid += other.takeOversPaid
        letGos += other.letGos
        bookedElsewhere += other.bookedElsewhere
        chargesPerHold.merge(other.chargesPerHold, uniquingKeysWith: +)
        pauses += other.pauses
        interleavings += other.interleavings
        switches += other.switches
    }

    /// The figures as text.
    public var summary: String {
        let charges = chargesPerHold.keys.sorted().map { "\($0): \(chargesPerHold[$0] ?? 0)" }.joined(separator: ", ")
        return "second device: \(runs) runs, \(steps) steps, \(launches) launches, \(foregrounds) foregrounds, "
            + "\(listed) rooms listed as held elsewhere; takeovers \(takeOvers) of \(takeOversTapped) tapped "
            + "(\(takeOversPaid) paid there), \(letGos) let go, \(bookedElsewhere) shown booked elsewhere; "
            + "holds by charges [\(charges)]; \(interleavings) cross-device interleavings at boundaries "
            + "(\(pauses) pauses), \(switches) device switches between boundaries"
    }
}
