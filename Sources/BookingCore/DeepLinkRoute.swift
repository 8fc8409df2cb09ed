/// Where a valid deep link goes. It carries only an id: the screen loads
/// the trip from the store (then refreshes it from the server), never from
/// the link.
package enum DeepLinkRoute: Hashable, Sendable {
    /// `https://<host>/trips/<id>`: one trip.
    case trip(BookingID)
    /// `https://<host>/bookings/<id>/3ds-return`: the bank's page sent the
    /// user back. Only a hint: the flow asks the server how the payment
    /// ended, and a link for another booking than the current payment's
    /// changes nothing.
    case challengeReturned(BookingID)
}
