/// What `BookingClient.launch()` found and did.
public struct LaunchReport: Sendable, Equatable {
    /// The flow's state when `launch()` returned.
    public var state: BookingFlow.State
    /// How many attempts an earlier run left open.
    public var openAttempts: Int
    /// What settling them did, or nil when nothing was open or the bound
    /// passed first (the settling then goes on in the background).
    public var settlement: ReconcileReport?
    /// What settling the saved cancellations did (settled before the
    /// attempts), or nil when none was open or the bound passed first.
    package var cancellations: CancelReport?
    /// The rooms the account holds from other devices, with their time
    /// left: show each with "Pay it here" (``BookingClient/takeOver(_:)``)
    /// and "Let it go" (``BookingClient/letGo(_:)``). Empty when there are
    /// none, or when the server could not be asked within the bound (ask
    /// again with ``BookingClient/holdsElsewhere()``).
    public var heldElsewhere: [HeldElsewhere] = []
}
