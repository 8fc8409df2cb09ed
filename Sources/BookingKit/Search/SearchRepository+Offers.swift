import BookingAPI
import BookingCore
import BookingStore
import Foundation

// Pages of offers, from the cache or the server (following cursors), the
// next page prefetched, and the cached pages read back.
extension SearchRepository {
    /// Page `pageIndex` (from 0) of the offers for `query`: from the cache
    /// unless `refresh`, else from the server (following the cached cursor
    /// of the page before). Offline (the request never left), the cached
    /// page with `offline` set; any answer that is not a page is thrown.
    package func offers(_ query: SearchQuery, pageIndex: Int, refresh: Bool = false) async throws -> OffersPage {
        let key = query.cacheKey
        // A later page may be the one being prefetched: let it land first.
        if pageIndex > 0 { await prefetch?.value }
        let cached = try cache.recovering { try $0.resultPages.page(queryKey: key, pageIndex: pageIndex) }
        if let cached, !refresh {
            return try present(cached, fromCache: true, offline: false)
        }
        var cursor: String?
        if pageIndex > 0 {
            guard
                let previous = try cache.recovering({ try $0.resultPages.page(queryKey: key, pageIndex: pageIndex - 1) }
                )
            else {
                do {
                    return try await offers(query, pageIndex: pageIndex - 1, refresh: false).followedBy(self, query)
                } catch SearchError.noSuchPage(_, let count) {
                    throw SearchError.noSuchPage(pageIndex + 1, pageCount: count)
                }
            }
            guard let next = previous.nextCursor else {
                throw SearchError.noSuchPage(pageIndex + 1, pageCount: pageIndex)
            }
            cursor = next
        }
        do {
            let page = try await api.offers(
                placeID: query.placeID, checkIn: query.checkIn, checkOut: query.checkOut, guests: query.guests,
                cursor: cursor, filters: query.filters)
            let stored = try resultPage(page, queryKey: key, pageIndex: pageIndex)
            try cache.recovering { cache in
                // A fresh first page starts the list again: later pages
                // belong to the old cursors.
                if pageIndex == 0 { try cache.resultPages.removePages(queryKey: key) }
                try cache.resultPages.put(stored, at: now())
                // Listed by the server again: what was learnt is now stale.
                try cache.offerMarks.clear(page.items.map(\.offerId.rawValue))
            }
            if let next = page.nextCursor { prefetchPage(query, pageIndex: pageIndex + 1, cursor: next) }
            return try present(stored, fromCache: false, offline: false)
        } catch {
            // The caller gave up on it (a newer keystroke's search, a screen
            // closed): the transport's error then says nothing of the network.
            if Task.isCancelled { throw CancellationError() }
            // Offline is no connection at all; a redirect, a 503 after the
            // retries or a bad answer names the server (thrown), never offline.
            // A name with no address is what a device with no network at
            // all meets first (libcurl resolves before it connects): the
            // cached page then, else the name is said, never "offline".
            guard Self.isOffline(error) || (cached != nil && Self.isNoAddress(error)) else { throw error }
            guard let cached else { throw SearchError.offlineWithoutCache }
            return try present(cached, fromCache: true, offline: true)
        }
    }

    /// The searches whose first page of offers is saved on this device, with
    /// when it was quoted, most recent first: what can be shown offline.
    package func savedSearches(limit: Int = 5) throws -> [(query: SearchQuery, quotedAt: Date)] {
        try cache.recovering { try $0.resultPages.savedQueries(limit: limit) }
            .compactMap { saved in SearchQuery(cacheKey: saved.queryKey).map { ($0, saved.quotedAt) } }
    }

    /// The most recently cached search that lists offer `id`, if any.
    package func query(listing id: OfferID) throws -> SearchQuery? {
        try cache.recovering { cache in
            try cache.resultPages.firstPage(mentioning: id.rawValue) { SearchQuery(cacheKey: $0.queryKey) }
        }
    }

    /// Fetches page `pageIndex` of `query` from `cursor` into the cache in
    /// the background, so the next page shows at once; a failure only
    /// leaves it uncached. One prefetch at a time: a newer one replaces it.
    private func prefetchPage(_ query: SearchQuery, pageIndex: Int, cursor: String) {
        prefetch?.cancel()
        let key = query.cacheKey
        prefetch = Task {
            let page: OfferPage
            do {
                page = try await api.offers(
                    placeID: query.placeID, checkIn: query.checkIn, checkOut: query.checkOut, guests: query.guests,
                    cursor: cursor, filters: query.filters)
            } catch {
                // Expected offline or when replaced: the page is fetched when shown.
                logger.log(.debug, "next page not prefetched", error: error, ["page": "\(pageIndex)"])
                return
            }
            guard !Task.isCancelled else { return }
            do {
                let stored = try resultPage(page, queryKey: key, pageIndex: pageIndex)
                try cache.recovering { try $0.resultPages.put(stored, at: now()) }
            } catch {
                logger.warning("cannot cache the next page", error: error, ["page": "\(pageIndex)"])
            }
        }
    }

    /// A server page as the cache keeps it: the wire items, quoted at the
    /// oldest quote among them.
    private func resultPage(_ page: OfferPage, queryKey key: String, pageIndex: Int) throws -> ResultPage {
        let quotedAt =
            page.items.compactMap(\.quotedAtMilliseconds).min()
            .map { Date(timeIntervalSince1970: Double($0) / 1_000) } ?? now()
        let items = String(decoding: try JSONEncoder().encode(page.items), as: UTF8.self)
        return ResultPage(
            queryKey: key, pageIndex: pageIndex, itemsJSON: items, nextCursor: page.nextCursor, quotedAt: quotedAt)
    }

    /// Waits for the next page's prefetch, if one is running (a command
    /// line waits before it exits so the page is saved).
    package func waitForPrefetch() async {
        await prefetch?.value
    }

    /// The offer `id` at the quote the most recently cached page that lists
    /// it shows; nil when no cached page has it. No network: a hold asks for
    /// the quote the user saw.
    package func cachedOffer(_ id: OfferID) throws -> Offer? {
        try cache.recovering { cache in
            try cache.resultPages.firstPage(mentioning: id.rawValue) { page in
                do {
                    return try Self.offers(in: page).first { $0.offer.id == id }?.offer
                } catch {
                    logger.warning("cannot read a cached page", error: error, ["page": "\(page.pageIndex)"])
                    return nil
                }
            }
        }
    }

    /// The domain offers a cached page's wire items describe, each with its
    /// cancellation terms when the page has them; a listing that is not a
    /// valid offer is left out.
    static func offers(in page: ResultPage) throws -> [(offer: Offer, cancellation: CancellationPolicy?)] {
        let listings = try JSONDecoder().decode([OfferListing].self, from: Data(page.itemsJSON.utf8))
        return listings.compactMap { listing in
            Offer(listing: listing, quotedAt: page.quotedAt).map { ($0, listing.cancellation) }
        }
    }

    /// The cancellation terms of offer `id` as the most recently cached
    /// page that lists it says; nil when none does or it has none.
    package func cachedCancellation(_ id: OfferID) throws -> CancellationPolicy? {
        try cache.recovering { cache in
            try cache.resultPages.firstPage(mentioning: id.rawValue) { page in
                (try? Self.offers(in: page))?.first { $0.offer.id == id }?.cancellation
            }
        }
    }

    private func present(_ page: ResultPage, fromCache: Bool, offline: Bool) throws -> OffersPage {
        let listed: [(offer: Offer, cancellation: CancellationPolicy?)]
        do {
            listed = try Self.offers(in: page)
        } catch {
            throw SearchError.unreadableCache
        }
        var marks: [OfferID: OfferMark] = [:]
        for (item, _) in listed { marks[item.id] = try mark(item) }
        return OffersPage(
            items: listed.map(\.offer), pageIndex: page.pageIndex, hasMore: page.nextCursor != nil,
            quotedAt: page.quotedAt, pricesMayHaveChanged: page.isStale(at: now(), olderThan: staleness),
            fromCache: fromCache, offline: offline, marks: marks,
            cancellation: Dictionary(listed.compactMap { item in item.cancellation.map { (item.offer.id, $0) } }) {
                first, _ in first
            })
    }

}

extension OffersPage {
    /// Fetches the page after `self` (used to walk cursors up to a later page).
    fileprivate func followedBy(_ repository: SearchRepository, _ query: SearchQuery) async throws -> OffersPage {
        try await repository.offers(query, pageIndex: pageIndex + 1)
    }
}
