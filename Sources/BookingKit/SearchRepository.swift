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
    /// The wait after a keystroke before asking the server.
    public nonisolated let debounce: Duration
    /// Input shorter than this shows recent searches instead.
    public nonisolated let minimumQueryLength: Int
    /// Prices older than this are flagged "may have changed".
    public nonisolated let staleness: TimeInterval
    private var generation = 0

    /// Opens the cache in `directory`.
    public init(
        directory: String, api: BookingAPIClient, sleeper: any Sleeper = TaskSleeper(),
        debounce: Duration = .milliseconds(250), minimumQueryLength: Int = 3, staleness: TimeInterval = 15 * 60,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        cache = try CacheDatabase(directory: directory)
        self.api = api
        self.sleeper = sleeper
        self.debounce = debounce
        self.minimumQueryLength = minimumQueryLength
        self.staleness = staleness
        self.now = now
    }

    // MARK: Suggestions

    /// Suggestions for `text` as typed. Trimmed; short input shows recents at
    /// once; otherwise waits `debounce`, and a newer call in the meantime
    /// supersedes this one (cancel-previous). Offline gives `.offline`; any
    /// other failure (a broken answer, a rejected request) is thrown, so real
    /// bugs are not hidden as "no results".
    public func suggestions(for text: String) async throws -> Suggestions {
        generation += 1
        let mine = generation
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if query.count < minimumQueryLength {
            return .recents(try cache.recovering { try $0.recentSearches.mostRecent(limit: 8) })
        }
        do { try await sleeper.sleep(for: debounce) } catch { return .superseded }
        guard mine == generation else { return .superseded }
        do {
            let places = try await api.suggestPlaces(query)
            guard mine == generation else { return .superseded }
            var seen = Set<String>()
            return .places(places.filter { seen.insert($0.placeId).inserted })
        } catch {
            if Self.isOffline(error) { return .offline }
            throw error
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
                cursor: cursor)
            let quotedAt =
                page.items.compactMap(\.quotedAtMilliseconds).min()
                .map { Date(timeIntervalSince1970: Double($0) / 1_000) } ?? now()
            let items = String(decoding: try JSONEncoder().encode(page.items), as: UTF8.self)
            let stored = ResultPage(
                queryKey: key, pageIndex: pageIndex, itemsJSON: items, nextCursor: page.nextCursor,
                quotedAt: quotedAt)
            try cache.recovering { cache in
                // A fresh first page starts the list again: later pages
                // belong to the old cursors.
                if pageIndex == 0 { try cache.resultPages.removePages(queryKey: key) }
                try cache.resultPages.put(stored, at: now())
            }
            return try present(stored, fromCache: false, offline: false)
        } catch {
            guard Self.isOffline(error) else { throw error }
            guard let cached else { throw SearchError.offlineWithoutCache }
            return try present(cached, fromCache: true, offline: true)
        }
    }

    /// The offer `id` at the quote the most recently cached page that lists
    /// it shows; nil when no cached page has it. No network: a hold asks for
    /// the quote the user saw.
    public func cachedOffer(_ id: OfferID) throws -> Offer? {
        let pages = try cache.recovering { try $0.resultPages.pages(mentioning: id.rawValue) }
        for page in pages {
            guard let items = try? Self.offers(in: page) else { continue }
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
        return OffersPage(
            items: items, pageIndex: page.pageIndex, hasMore: page.nextCursor != nil, quotedAt: page.quotedAt,
            pricesMayHaveChanged: page.isStale(at: now(), olderThan: staleness), fromCache: fromCache, offline: offline)
    }

    static func isOffline(_ error: any Error) -> Bool {
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
