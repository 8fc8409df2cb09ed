import BookingAPI
import BookingCore

extension Booking {
    /// The flow's view of a server answer.
    init(_ snapshot: BookingSnapshot) {
        self.init(
            id: snapshot.bookingId, status: snapshot.state, version: snapshot.version,
            nextAction: snapshot.nextAction.map { NextAction(url: $0.url) }, propertyName: snapshot.property.name,
            checkIn: snapshot.checkIn, checkOut: snapshot.checkOut, voucherCode: snapshot.voucherCode,
            failureCode: snapshot.failure?.code)
    }
}

extension Hold {
    /// The flow's view of a hold answer; nil when it breaks the hold's rules.
    init?(_ snapshot: HoldSnapshot) {
        self.init(
            id: snapshot.holdId, expiresInMs: snapshot.expiresInMs, price: snapshot.price,
            couponCode: snapshot.couponCode)
    }
}
