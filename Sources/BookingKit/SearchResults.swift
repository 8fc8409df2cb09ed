import BookingAPI
import BookingCore
import BookingStore
import Foundation

/// What the search box shows for some input.
public enum Suggestions: Equatable, Sendable {
    /// Input too short to ask the server: the recent searches.
    case recents([RecentSearchTable.Entry])
    /// The server's suggestions.
    case places([PlaceSuggestion])
    /// Offline: nothing to suggest (the screen says why).
    case offline
    /// A newer input replaced this one before it finished: show nothing new.
    case superseded
}

/// One page of offers as a screen shows it.
public struct OffersPage: Equatable, Sendable {
    /// The offers, as the flow takes them (each with its room's name).
    public var items: [Offer]
    /// Which page (from 0).
    public var pageIndex: Int
    /// Whether another page follows.
    public var hasMore: Bool
    /// When the server quoted these prices.
    public var quotedAt: Date
    /// The prices are older than the staleness age: "prices may have changed".
    public var pricesMayHaveChanged: Bool
    /// Served from the device's cache rather than the server just now.
    public var fromCache: Bool
    /// The server could not be reached; this is the cached copy.
    public var offline: Bool
}
