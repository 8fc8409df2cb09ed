import BookingAPI
import BookingCore
import BookingStore
import Foundation

/// Place suggestions and pages of offers, cached in `cache.sqlite` by the
/// whole query.
package actor SearchRepository {
    /// `cache.sqlite`: suggestions, recent searches, pages, offer marks,
    /// through the client's one connection.
    let cache: SharedCache
    /// The API client.
    let api: BookingAPIClient
    /// What the debounce sleeps on.
    let sleeper: any Sleeper
    /// The wall clock (cache ages, marks).
    let now: @Sendable () -> Date
    /// Where failures that are worked around are logged.
    let logger: Logger
    /// The wait after a keystroke before asking the server.
    package nonisolated let debounce: Duration
    /// Input shorter than this shows recent searches instead.
    package nonisolated let minimumQueryLength: Int
    /// Prices older than this are flagged "may have changed".
    package nonisolated let staleness: TimeInterval
    /// How long a cached suggestion is shown without asking the server again.
    package nonisolated let suggestionLifetime: TimeInterval
    /// The number of the latest `suggestions` call: an older call's answer is `.superseded`.
    var generation = 0
    /// The suggestion request out, and its query.
    var inFlight: (query: String, task: Task<[PlaceSuggestion], any Error>)?
    /// The last suggestions shown, and their query.
    var lastAnswer: (query: String, places: [PlaceSuggestion])?
    /// The next page being fetched into the cache, if any.
    var prefetch: Task<Void, Never>?

    /// Opens the cache in `directory`.
    package init(
        directory: String, api: BookingAPIClient, dependencies: Dependencies = .live,
        debounce: Duration = .milliseconds(250), minimumQueryLength: Int = 2, staleness: TimeInterval = 15 * 60,
        suggestionLifetime: TimeInterval = 24 * 60 * 60, logHandler: any LogHandler = SilentLogHandler()
    ) throws {
        try self.init(
            cache: try SharedCache(directory: directory), api: api, dependencies: dependencies, debounce: debounce,
            minimumQueryLength: minimumQueryLength, staleness: staleness, suggestionLifetime: suggestionLifetime,
            logHandler: logHandler)
    }

    /// The same over the client's connection to the cache, which the
    /// switch, the Retry-After gate and the restore use too.
    package init(
        cache: SharedCache, api: BookingAPIClient, dependencies: Dependencies = .live,
        debounce: Duration = .milliseconds(250), minimumQueryLength: Int = 2, staleness: TimeInterval = 15 * 60,
        suggestionLifetime: TimeInterval = 24 * 60 * 60, logHandler: any LogHandler = SilentLogHandler()
    ) throws {
        self.cache = cache
        logger = Logger(handler: logHandler, source: "search")
        self.api = api
        sleeper = dependencies.sleeper
        self.debounce = debounce
        self.minimumQueryLength = minimumQueryLength
        self.staleness = staleness
        self.suggestionLifetime = suggestionLifetime
        now = dependencies.now
    }
}
