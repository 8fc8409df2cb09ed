import BookingAPI
import BookingCore

/// A room the signed-in account holds from another device (a phone, a
/// laptop, another data directory of the same account): listed by
/// ``BookingClient/holdsElsewhere()``, shown with its time left, paid here
/// with ``BookingClient/takeOver(_:)`` or let go with
/// ``BookingClient/letGo(_:)``.
///
/// Everything in it is what the server said in its list; the countdown is
/// measured on this device's hold clock from just before that list was
/// asked for, so it never shows more time than the server granted.
public struct HeldElsewhere: Hashable, Sendable, Identifiable {
    /// The hold's id, as the server names it.
    public var id: String { holdID.rawValue }
    /// The property's name.
    public let propertyName: String
    /// The room's name, when the server named it.
    public let roomName: String?
    /// The first night.
    public let checkIn: CalendarDate
    /// The day the stay ends.
    public let checkOut: CalendarDate
    /// The price the room is held at (a coupon's, when one was applied there).
    public let price: PriceBreakdown
    /// What cancelling the booking would keep, when the server said.
    public let cancellation: CancellationPolicy?
    /// The hold.
    package let holdID: HoldID
    /// The offer and quote held: a takeover's attempt names them.
    package let offerID: OfferID
    package let quoteID: QuoteID
    /// The time left, from before the list was asked for.
    package let countdown: HoldCountdown

    /// The hold `snapshot`, listed by a request that left at `sentAt`.
    package init(_ snapshot: HoldSnapshot, sentAt: MonotonicInstant) {
        propertyName = snapshot.property.name
        roomName = snapshot.room?.name
        checkIn = snapshot.checkIn
        checkOut = snapshot.checkOut
        price = snapshot.price
        cancellation = snapshot.cancellation
        holdID = snapshot.holdId
        offerID = snapshot.offerId
        quoteID = snapshot.quoteId
        countdown = HoldCountdown(anchor: sentAt, expiresIn: .milliseconds(snapshot.expiresInMs))
    }
}
