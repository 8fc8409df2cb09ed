import BookingCore
import Foundation

extension Offer {
    /// The domain offer a server listing describes, at the quote it carries
    /// (with the room's name and the property's city); nil when the listing
    /// is not a valid offer. `quotedAt` stands in for a listing whose own
    /// quote time cannot be read.
    package init?(listing: OfferListing, quotedAt: Date) {
        self.init(
            id: listing.offerId, propertyName: listing.property.name, checkIn: listing.checkIn,
            checkOut: listing.checkOut, guests: listing.guests,
            quote: Quote(
                id: listing.quoteId, price: listing.price,
                quotedAt: listing.quotedAtMilliseconds ?? Int64(quotedAt.timeIntervalSince1970 * 1000)),
            roomName: listing.room.name, city: listing.property.city, stars: listing.property.stars,
            address: listing.property.address, photoURL: listing.property.photoURL)
    }
}
