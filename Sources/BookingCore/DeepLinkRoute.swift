/// Where a valid deep link goes. It carries only an id: the screen loads
/// the trip from the store (then refreshes it from the server), never from
/// the link.
public enum DeepLinkRoute: Hashable, Sendable {
    /// `https://<host>/trips/<id>`: one trip.
    case trip(BookingID)
}
