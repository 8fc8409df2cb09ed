import BookingAPI
import BookingCore
import BookingStore
import Foundation

/// Place suggestions and pages of offers, cached in `cache.sqlite` by the
/// whole query.
package actor SearchRepository {
    private let cache: CacheDatabase
    private let api: BookingAPIClient
    private let sleeper: any Sleeper
    private let now: @Sendable () -> Date
    private let logger: Logger
    /// The wait after a keystroke before asking the server.
    public nonisolated let debounce: Duration
    /// Input shorter than this shows recent searches instead.
    public nonisolated let minimumQueryLength: Int
    /// Prices older than this are flagged "may have changed".
    public nonisolated let staleness: TimeInterval
    /// How long a cached suggestion is shown without asking the server again.
    public nonisolated let suggestionLifetime: TimeInterval
    private var generation = 0
    private var inFlight: (query: String, task: Task<[PlaceSuggestion], any Error>)?
    private var lastAnswer: (query: String, places: [PlaceSuggestion])?
    private var prefetch: Task<Void, Never>?

    /// Opens the cache in `directory`.
    public init(
        directory: String, api: BookingAPIClient, dependencies: Dependencies = .live,
        debounce: Duration = .milliseconds(250), minimumQueryLength: Int = 2, staleness: TimeInterval = 15 * 60,
        suggestionLifetime: TimeInterval = 24 * 60 * 60, logHandler: any LogHandler = SilentLogHandler()
    ) throws {
        cache = try CacheDatabase(directory: directory)
        logger = Logger(handler: logHandler, source: "search")
        self.api = api
        sleeper = dependencies.sleeper
        self.debounce = debounce
        self.minimumQueryLength = minimumQueryLength
        self.staleness = staleness
        self.suggestionLifetime = suggestionLifetime
        now = dependencies.now
    }

    // MARK: Suggestions

    /// Suggestions for `text` as typed. Trimmed; input shorter than
    /// `minimumQueryLength` shows the recent searches at once (no debounce,
    /// no network). A query answered before is shown at once from the cache
    /// (`cache.sqlite`), and the same query as the call before is never sent
    /// again. Otherwise waits `debounce` and asks the server; a newer call
    /// cancels this one's wait or request (the request itself, not only its
    /// result) and this one answers `.superseded`. Offline gives `.offline`;
    /// a server error (a 5xx after the retries, a rejected request, a broken
    /// answer) is thrown, so it is never mistaken for "offline" or "no
    /// results".
    public func suggestions(for text: String) async throws -> Suggestions {
        generation += 1
        let mine = generation
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if query == inFlight?.query, let request = inFlight?.task {
            // The same text again while it is being asked: wait for that answer.
            return try await answer(request, query: query, mine: mine)
        }
        inFlight?.task.cancel()
        inFlight = nil
        if query.count < minimumQueryLength {
            lastAnswer = nil
            return .recents(try recents())
        }
        if let cached = try cachedSuggestions(query) {
            lastAnswer = (query, cached)
            return .places(cached)
        }
        if let last = lastAnswer, last.query == query { return .places(last.places) }
        let api = self.api
        let sleeper = self.sleeper
        let debounce = self.debounce
        let request = Task { () throws -> [PlaceSuggestion] in
            if debounce > .zero { try await sleeper.sleep(for: debounce) }
            try Task.checkCancellation()
            return try await api.suggestPlaces(query)
        }
        inFlight = (query, request)
        return try await answer(request, query: query, mine: mine)
    }

    /// The answer of the request for `query`, unless a newer call replaced it.
    private func answer(_ request: Task<[PlaceSuggestion], any Error>, query: String, mine: Int) async throws
        -> Suggestions
    {
        let places: [PlaceSuggestion]
        do {
            places = try await request.value
        } catch {
            guard mine == generation, !request.isCancelled else { return .superseded }
            inFlight = nil
            if Self.isOffline(error) { return .offline }
            throw error
        }
        guard mine == generation else { return .superseded }
        inFlight = nil
        var seen = Set<String>()
        let unique = places.filter { seen.insert($0.placeId).inserted }
        lastAnswer = (query, unique)
        do {
            let json = String(decoding: try JSONEncoder().encode(unique), as: UTF8.self)
            try cache.recovering { try $0.suggestions.put(query: query, itemsJSON: json, at: now()) }
        } catch {
            // Shown all the same; the next call asks the server again.
            logger.warning("cannot cache the suggestions", error: error, ["count": "\(unique.count)"])
        }
        return .places(unique)
    }

    /// The recent searches, newest first (what short input, or a device
    /// with no network, shows at once).
    public func recents(limit: Int = 8) throws -> [RecentSearchTable.Entry] {
        try cache.recovering { try $0.recentSearches.mostRecent(limit: limit) }
    }

    /// The cached answer to `query`, if fresher than `suggestionLifetime`.
    private func cachedSuggestions(_ query: String) throws -> [PlaceSuggestion]? {
        guard let entry = try cache.recovering({ try $0.suggestions.entry(query: query) }),
            now().timeIntervalSince(entry.fetchedAt) < suggestionLifetime
        else { return nil }
        do {
            return try JSONDecoder().decode([PlaceSuggestion].self, from: Data(entry.itemsJSON.utf8))
        } catch {
            logger.warning("cannot read the cached suggestions; asking the server", error: error)
            return nil
        }
    }

    /// Records that the user searched `query` and chose `placeID`. A query
    /// holding a card-number-like digit run (a paste into the wrong box) is
    /// never written: no card number is ever stored on the device.
    public func recordSearch(_ query: String, placeID: String?) throws {
        guard !Redaction.containsCardNumber(query) else { return }
        try cache.recovering { try $0.recentSearches.recordUse(query: query, placeID: placeID, at: now()) }
    }

    // MARK: Offers

    /// Page `pageIndex` (from 0) of the offers for `query`: from the cache
    /// unless `refresh`, else from the server (following the cached cursor
    /// of the page before). Offline, the cached page with `offline` set.
    public func offers(_ query: SearchQuery, pageIndex: Int, refresh: Bool = false) async throws -> OffersPage {
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
            else { return try await offers(query, pageIndex: pageIndex - 1, refresh: false).followedBy(self, query) }
            guard let next = previous.nextCursor else { throw SearchError.noSuchPage(pageIndex + 1) }
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
            guard Self.isUnreachable(error) else { throw error }
            guard let cached else { throw SearchError.offlineWithoutCache }
            return try present(cached, fromCache: true, offline: true)
        }
    }

    /// The searches whose first page of offers is saved on this device, with
    /// when it was quoted, most recent first: what can be shown offline.
    public func savedSearches(limit: Int = 5) throws -> [(query: SearchQuery, quotedAt: Date)] {
        try cache.recovering { try $0.resultPages.savedQueries(limit: limit) }
            .compactMap { saved in SearchQuery(cacheKey: saved.queryKey).map { ($0, saved.quotedAt) } }
    }

    /// The most recently cached search that lists offer `id`, if any.
    public func query(listing id: OfferID) throws -> SearchQuery? {
        try cache.recovering { try $0.resultPages.pages(mentioning: id.rawValue) }
            .lazy.compactMap { SearchQuery(cacheKey: $0.queryKey) }.first
    }

    // MARK: Marks

    /// Marks `id` sold out until the server lists it again.
    public func markSoldOut(_ id: OfferID) throws {
        let mark = OfferMarkTable.Mark(offerID: id.rawValue, kind: .soldOut, quoteJSON: nil, markedAt: now())
        try cache.recovering { try $0.offerMarks.put(mark) }
    }

    /// Records that a hold of `id` was refused with `newQuote`.
    public func recordPriceChange(_ id: OfferID, newQuote: Quote) throws {
        let json = String(decoding: try JSONEncoder().encode(newQuote), as: UTF8.self)
        let mark = OfferMarkTable.Mark(offerID: id.rawValue, kind: .priceChanged, quoteJSON: json, markedAt: now())
        try cache.recovering { try $0.offerMarks.put(mark) }
    }

    /// What this device learnt about `id`, if anything.
    public func mark(_ id: OfferID) throws -> OfferMark? {
        guard let mark = try cache.recovering({ try $0.offerMarks.mark(id.rawValue) }) else { return nil }
        switch mark.kind {
        case .soldOut:
            return .soldOut(since: mark.markedAt)
        case .priceChanged:
            guard let json = mark.quoteJSON else { return nil }
            do {
                return .priceChanged(try JSONDecoder().decode(Quote.self, from: Data(json.utf8)), since: mark.markedAt)
            } catch {
                logger.warning("cannot read the saved new price", error: error, ["offer": id.rawValue])
                return nil
            }
        }
    }

    /// Forgets what was learnt about `id` (a changed price was accepted).
    public func clearMark(_ id: OfferID) throws {
        try cache.recovering { try $0.offerMarks.clear([id.rawValue]) }
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
    public func waitForPrefetch() async {
        await prefetch?.value
    }

    /// The offer `id` at the quote the most recently cached page that lists
    /// it shows; nil when no cached page has it. No network: a hold asks for
    /// the quote the user saw.
    public func cachedOffer(_ id: OfferID) throws -> Offer? {
        let pages = try cache.recovering { try $0.resultPages.pages(mentioning: id.rawValue) }
        for page in pages {
            let items: [Offer]
            do {
                items = try Self.offers(in: page)
            } catch {
                logger.warning("cannot read a cached page", error: error, ["page": "\(page.pageIndex)"])
                continue
            }
            if let offer = items.first(where: { $0.id == id }) { return offer }
        }
        return nil
    }

    /// The domain offers a cached page's wire items describe; a listing that
    /// is not a valid offer is left out.
    static func offers(in page: ResultPage) throws -> [Offer] {
        let listings = try JSONDecoder().decode([OfferListing].self, from: Data(page.itemsJSON.utf8))
        return listings.compactMap { Offer(listing: $0, quotedAt: page.quotedAt) }
    }

    private func present(_ page: ResultPage, fromCache: Bool, offline: Bool) throws -> OffersPage {
        let items: [Offer]
        do {
            items = try Self.offers(in: page)
        } catch {
            throw SearchError.unreadableCache
        }
        var marks: [OfferID: OfferMark] = [:]
        for item in items { marks[item.id] = try mark(item.id) }
        return OffersPage(
            items: items, pageIndex: page.pageIndex, hasMore: page.nextCursor != nil, quotedAt: page.quotedAt,
            pricesMayHaveChanged: page.isStale(at: now(), olderThan: staleness), fromCache: fromCache, offline: offline,
            marks: marks)
    }

    /// Whether the request never reached the server (offline, refused,
    /// unroutable): the cached copy is what there is.
    static func isOffline(_ error: any Error) -> Bool {
        if case .final(.notSent, _)? = error as? APIError { return true }
        return false
    }

    /// Whether the server could not answer (offline, or unavailable after
    /// the retries): offers fall back to the cached copy.
    static func isUnreachable(_ error: any Error) -> Bool {
        switch error as? APIError {
        case .final(.notSent, _)?, .final(.unavailable, _)?: return true
        default: return false
        }
    }
}

/// Why a search could not be answered.
public enum SearchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The query is not valid.
    case invalidQuery(String)
    /// There is no page with this number.
    case noSuchPage(Int)
    /// Offline, and nothing cached for this query.
    case offlineWithoutCache
    /// The cached page cannot be read (it is dropped on the next refresh).
    case unreadableCache

    public var description: String {
        switch self {
        case .invalidQuery(let reason): return "invalid search: \(reason)"
        case .noSuchPage(let page): return "there is no page \(page)"
        case .offlineWithoutCache: return "offline, and no offers are saved on this device for this search"
        case .unreadableCache: return "the saved offers cannot be read; refresh"
        }
    }
}

extension OffersPage {
    /// Fetches the page after `self` (used to walk cursors up to a later page).
    fileprivate func followedBy(_ repository: SearchRepository, _ query: SearchQuery) async throws -> OffersPage {
        try await repository.offers(query, pageIndex: pageIndex + 1)
    }
}
