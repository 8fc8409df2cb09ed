import Foundation

/// Why `BookingClient.offerToHold(_:acceptingNewPrice:)` will not hand an
/// offer to `hold`: what this device learnt about it says the hold would be
/// refused. Nothing was saved or sent.
package enum HoldRefusal: Error, Hashable, Sendable {
    /// The offer is not in any list this device saw: list the offers first.
    case unknownOffer(OfferID)
    /// A hold of it was refused with a new price; hold again accepting it.
    case priceChanged(listed: Quote, new: Quote)
    /// A hold of it found no room left, at `since` (wall clock, for words only).
    case soldOut(since: Date)
    /// The user accepts a new price, but none is on file for the offer.
    case noChangedPrice(OfferID)
    /// The saved offers cannot be read.
    case unreadableCache(reason: String)
}
