import BookingPrimitives

extension Inventory {
    /// The room the offer names, if its property exists and the room takes
    /// that many guests.
    func room(for key: OfferKey) -> (Property, Room)? {
        guard let property = property(id: key.propertyId), let room = property.room(key.roomType),
            key.guests <= room.body.maxGuests
        else { return nil }
        return (property, room)
    }

    /// The price of an offer after `epoch` price moves. The server's sum:
    /// nightly x nights + taxes + fees.
    func price(property: Property, room: Room, key: OfferKey, epoch: Int64) -> PriceBody {
        let step = Inventory.priceStep
        let extraGuests = Int64(max(0, key.guests - 2))
        var nightly = room.nightly + (room.nightly * 15 / 100) * extraGuests
        nightly = nightly * (100 + 8 * min(epoch, 1000)) / 100
        nightly = max(step, nightly / step * step)
        let subtotal = nightly * Int64(key.nights)
        let taxes = (subtotal * property.city.taxBasisPoints + 5_000) / 10_000
        let fees = property.city.feePerStay
        let currency = property.city.place.currency
        return PriceBody(
            nightly: MoneyBody(amount: nightly, currency: currency), nights: key.nights,
            taxes: MoneyBody(amount: taxes, currency: currency), fees: MoneyBody(amount: fees, currency: currency),
            total: MoneyBody(amount: subtotal + taxes + fees, currency: currency))
    }

    /// The quote id of a price: the same offer at the same price and epoch
    /// always has the same quote.
    func quoteID(offerId: String, price: PriceBody, epoch: Int64) -> String {
        let hash = SplitMix64.mix(SplitMix64.stableHash("\(offerId)|\(price.total.amount)|\(epoch)") ^ seed)
        return "qt_" + Identifier.hex(hash)
    }

    /// The offer keys of `properties` that take `guests`, in property then room order.
    func offerKeys(properties: [Property], checkIn: CalendarDay, checkOut: CalendarDay, guests: Int) -> [OfferKey] {
        properties.flatMap { property in
            property.rooms.filter { $0.body.maxGuests >= guests }.map { room in
                OfferKey(
                    propertyId: property.body.id, roomType: room.body.type, checkIn: checkIn, checkOut: checkOut,
                    guests: guests)
            }
        }
    }
}
