import BookingAPI
import BookingCore
import BookingStore
import Foundation

// Place suggestions as the user types: recent searches for short input, the
// cache, then the server after the debounce; a newer keystroke replaces an
// older request.
extension SearchRepository {
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
    package func suggestions(for text: String) async throws -> Suggestions {
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
            return .recents(try recents().map(RecentSearch.init))
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
    package func recents(limit: Int = 8) throws -> [RecentSearchTable.Entry] {
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
    package func recordSearch(_ query: String, placeID: String?) throws {
        guard !Redaction.containsCardNumber(query) else { return }
        try cache.recovering { try $0.recentSearches.recordUse(query: query, placeID: placeID, at: now()) }
    }

    /// Whether the request never reached the server because the network
    /// did not carry it (offline, refused, unroutable): the cached copy is
    /// what there is. A refused certificate or a name with no address is
    /// not offline: it is said as itself.
    /// Whether `error` is a request that never left because the server's
    /// name has no address.
    static func isNoAddress(_ error: any Error) -> Bool {
        guard case .final(.notSent(let reason?), _)? = error as? APIError else { return false }
        return reason.failure == .dnsFailure
    }

    static func isOffline(_ error: any Error) -> Bool {
        guard case .final(.notSent(let reason), _)? = error as? APIError else { return false }
        return reason.map { $0.failure != .tlsFailure && $0.failure != .dnsFailure } ?? true
    }
}
