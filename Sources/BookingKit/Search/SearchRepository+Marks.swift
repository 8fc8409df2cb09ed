import BookingAPI
import BookingCore
import BookingStore
import Foundation

// What this device learnt about an offer from a refused hold: sold out, or
// a new price, until the server lists the offer again.
extension SearchRepository {
    /// Marks `id` sold out until the server lists it again.
    package func markSoldOut(_ id: OfferID) throws {
        let mark = OfferMarkTable.Mark(offerID: id.rawValue, kind: .soldOut, quoteJSON: nil, markedAt: now())
        try cache.recovering { try $0.offerMarks.put(mark) }
    }

    /// Records that a hold of `id` was refused with `newQuote`.
    package func recordPriceChange(_ id: OfferID, newQuote: Quote) throws {
        let json = String(decoding: try JSONEncoder().encode(newQuote), as: UTF8.self)
        let mark = OfferMarkTable.Mark(offerID: id.rawValue, kind: .priceChanged, quoteJSON: json, markedAt: now())
        try cache.recovering { try $0.offerMarks.put(mark) }
    }

    /// What this device learnt about the listed `offer`, if anything.
    package func mark(_ offer: Offer) throws -> OfferMark? {
        let id = offer.id
        guard let mark = try cache.recovering({ try $0.offerMarks.mark(id.rawValue) }) else { return nil }
        switch mark.kind {
        case .soldOut:
            return .soldOut(since: mark.markedAt)
        case .priceChanged:
            guard let json = mark.quoteJSON else { return nil }
            do {
                let quote = try JSONDecoder().decode(Quote.self, from: Data(json.utf8))
                return .priceChanged(offer.requoted(quote), since: mark.markedAt)
            } catch {
                logger.warning("cannot read the saved new price", error: error, ["offer": id.rawValue])
                return nil
            }
        }
    }

    /// Forgets what was learnt about `id` (a changed price was accepted).
    package func clearMark(_ id: OfferID) throws {
        try cache.recovering { try $0.offerMarks.clear([id.rawValue]) }
    }
}
