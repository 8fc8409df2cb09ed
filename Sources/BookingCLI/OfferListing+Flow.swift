import BookingAPI
import BookingCore
import Foundation

extension OfferListing {
    /// The offer as the flow takes it, at the quote this listing carries;
    /// nil when the listing is not a valid offer.
    func flowOffer(quotedAt: Date) -> Offer? {
        Offer(
            id: offerId, propertyName: property.name, checkIn: checkIn, checkOut: checkOut, guests: guests,
            quote: Quote(
                id: quoteId, price: price,
                quotedAt: quotedAtMilliseconds ?? Int64(quotedAt.timeIntervalSince1970 * 1000)))
    }
}
