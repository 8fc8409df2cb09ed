import BookingAPI
import BookingCore
import BookingStore
import Foundation

/// What the search box shows for some input.
public enum Suggestions: Equatable, Sendable {
    /// Input too short to ask the server: the recent searches.
    case recents([RecentSearch])
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
    /// Which page, from 0 (the cache's numbering).
    package var pageIndex: Int
    /// Which page, from 1, as `BookingClient.offers(at:...)` and the
    /// command line number them.
    public var page: Int { pageIndex + 1 }
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
    /// What this device learnt about some of these offers since the page
    /// was quoted (sold out, a changed price), until the server lists them again.
    public var marks: [OfferID: OfferMark] = [:]
    /// What cancelling each offer's booking keeps, as the server listed it
    /// (`CancellationPolicy.text(at:)` says it in words): show it before
    /// the traveller holds. An offer of a page cached before terms were
    /// kept has none.
    public var cancellation: [OfferID: CancellationPolicy] = [:]
}

/// What this device learnt about an offer after its page was cached.
public enum OfferMark: Equatable, Sendable {
    /// A hold found no room left.
    case soldOut(since: Date)
    /// A hold was refused with a new price: the offer at that price
    /// (`price`). Holding at it needs the user's yes (a new attempt, a new key).
    case priceChanged(Offer, since: Date)
}
