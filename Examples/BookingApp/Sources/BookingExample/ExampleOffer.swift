import BookingKit

/// The listing as the flow's offer (until the search returns offers).
enum ExampleOffer {
    static func make(_ listing: OfferListing) -> Offer? {
        Offer(
            id: listing.offerId, propertyName: listing.property.name, checkIn: listing.checkIn,
            checkOut: listing.checkOut, guests: listing.guests,
            quote: Quote(id: listing.quoteId, price: listing.price, quotedAt: listing.quotedAtMilliseconds ?? 0))
    }
}
