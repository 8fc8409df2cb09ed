/// What `BookingClient.open(_:)` found behind a link.
public enum OpenedLink: Sendable {
    /// `https://<host>/trips/<id>`: the trip, read from the device with no
    /// network (show it at once; `syncTrips()` refreshes it).
    case trip(Trip)
    /// `https://<host>/bookings/<id>/3ds-return`: the bank's page sent the
    /// user back to the payment waiting here. The flow is asking the
    /// server how it ended; this is the state it was in when the question
    /// left. Wait with `waitUntilAtRest(timeout:)` or follow `states()`.
    case payment(BookingFlow.State)
}
