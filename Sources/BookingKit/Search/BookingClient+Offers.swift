import BookingStore
import Foundation

// The offers this device saw, and what it learnt of each.
extension BookingClient {
    /// The offer `id` from the lists this device saw, at the quote to hold:
    /// as listed, or at the changed price when `acceptingNewPrice`. What
    /// earlier runs learnt decides first, before anything is saved or sent:
    /// a sold-out room, or a changed price not accepted, is refused here.
    ///
    /// - Throws: `HoldRefusal`.
    package func offerToHold(_ id: OfferID, acceptingNewPrice: Bool = false) async throws(HoldRefusal) -> Offer {
        let listed: Offer
        let mark: OfferMark?
        do {
            guard let cached = try await search.cachedOffer(id) else { throw HoldRefusal.unknownOffer(id) }
            listed = cached
            mark = try await search.mark(cached)
        } catch let refusal as HoldRefusal {
            throw refusal
        } catch {
            throw .unreadableCache(reason: "\(error)")
        }
        switch mark {
        case .priceChanged(let requoted, _)? where acceptingNewPrice: return requoted
        case .priceChanged(let requoted, _)?: throw .priceChanged(listed: listed.quote, new: requoted.quote)
        case .soldOut(let since)? where !acceptingNewPrice: throw .soldOut(since: since)
        case .soldOut?, nil:
            guard !acceptingNewPrice else { throw .noChangedPrice(id) }
            return listed
        }
    }

    /// The offer `id` as last listed on this device (no network), if any.
    ///
    /// - Throws: `BookingClientError.dataDirectoryUnusable` when the saved
    ///   offers cannot be read; `.closed` after `close()`.
    package func savedOffer(_ id: OfferID) async throws(BookingClientError) -> Offer? {
        let search = search
        return try await guarded { _ in try await search.cachedOffer(id) }
    }

    /// What this device learnt of offer `id` from a refused hold, if anything:
    /// sold out, or a new price. The repository saves it when a hold is
    /// refused, whoever holds (the app, the command line, another process).
    ///
    /// - Throws: `BookingClientError.dataDirectoryUnusable`; `.closed`.
    package func mark(of id: OfferID) async throws(BookingClientError) -> OfferMark? {
        let search = search
        return try await guarded { _ in
            guard let listed = try await search.cachedOffer(id) else { return nil }
            return try await search.mark(listed)
        }
    }

    /// The search cache, for the command line's listings of saved searches.
    package var searchCache: SearchRepository { search }

    /// Page `page` (from 1) of `query`'s offers, as `offers(at:...)`.
    package func offers(_ query: SearchQuery, page: Int, refresh: Bool) async throws(BookingClientError) -> OffersPage {
        let search = search
        return try await guarded { _ in try await search.offers(query, pageIndex: page - 1, refresh: refresh) }
    }
}
