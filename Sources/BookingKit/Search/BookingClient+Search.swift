import BookingStore
import Foundation

// Search: place suggestions, recent searches and pages of offers.
extension BookingClient {
    /// Page `page` (from 1, as the command line numbers them) of the offers
    /// at `placeID` for the dates, narrowed by `filters` (price, stars, free
    /// cancellation): from the cache unless `refresh`, else from the server;
    /// offline, the cached page marked `offline`. `OffersPage.marks` says
    /// which offers a refused hold found sold out or at a new price.
    ///
    /// When `placeID` came from this client's last `suggestions(for:)`, the
    /// search is saved as a recent one (what `suggestions` shows for short
    /// input).
    ///
    /// ```swift
    /// let filters = OfferFilters(maximumPrice: 30_000, minimumStars: 4, freeCancellationOnly: true)  // EUR 300.00
    /// let page = try await client.offers(
    ///     at: place.placeId, checkIn: checkIn, checkOut: checkOut, guests: 2, filters: filters)
    /// ```
    ///
    /// - Throws: `BookingClientError.search` (`.noSuchPage` past the last
    ///   page with the number of pages, `.offlineWithoutCache`,
    ///   `.invalidQuery`, `.unreadableCache`); the server's failures
    ///   (`.apiKeyRefused`, `.waitRequested`, `.serverFailed`, `.refused`);
    ///   `.cancelled` when the calling task was cancelled (never offline);
    ///   `.closed`.
    public func offers(
        at placeID: String, checkIn: CalendarDate, checkOut: CalendarDate, guests: Int,
        filters: OfferFilters = OfferFilters(), page: Int = 1, refresh: Bool = false
    ) async throws(BookingClientError) -> OffersPage {
        guard page >= 1 else { throw .search(.invalidQuery("pages are numbered from 1, not \(page)")) }
        let query = SearchQuery(
            placeID: placeID, checkIn: checkIn, checkOut: checkOut, guests: guests, filters: filters.serverFilters)
        let result = try await offers(query, page: page, refresh: refresh)
        await recordIfSuggested(placeID)
        return result
    }

    /// Place suggestions for `text` as typed: the recent searches for short
    /// input (no network), then the cache, then the server after the
    /// debounce. A newer call supersedes this one (`.superseded`: show
    /// nothing new); offline gives `.offline`.
    ///
    /// - Throws: `BookingClientError.apiKeyRefused`, `.serverFailed`,
    ///   `.refused`, `.waitRequested` for a server error (never mistaken for
    ///   "offline" or "no results"); `.dataDirectoryUnusable` when the
    ///   cache cannot be read; `.closed`.
    public func suggestions(for text: String) async throws(BookingClientError) -> Suggestions {
        let search = search
        let answer = try await guarded { _ in try await search.suggestions(for: text) }
        if case .places(let places) = answer {
            lastSuggestions.withLock { $0 = (text, places.map(\.placeId)) }
        }
        return answer
    }

    /// Saves `text` (and the place it led to) as a recent search, for the
    /// suggestions of short input. `offers(at:...)` does it itself for a
    /// place from `suggestions(for:)`; call this for a search used another
    /// way (a place picked from a map).
    ///
    /// - Throws: `BookingClientError.dataDirectoryUnusable`, `.storageFull`; `.closed`.
    public func recordSearch(_ text: String, placeID: String?) async throws(BookingClientError) {
        let search = search
        try await guarded { _ in try await search.recordSearch(text, placeID: placeID) }
    }

    /// Saves the last suggestions' text as a recent search when `placeID`
    /// is one of its places (a failure is logged: a recent search is a convenience).
    private func recordIfSuggested(_ placeID: String) async {
        guard let (text, places) = lastSuggestions.withLock({ $0 }), places.contains(placeID) else { return }
        do {
            try await search.recordSearch(text, placeID: placeID)
        } catch {
            logger.warning("cannot save the recent search", error: error)
        }
    }
}
