import BookingStore
import Foundation

/// A search this device made before, as the search box lists it under a
/// short input (`BookingClient.suggestions(for:)`), the latest first.
public struct RecentSearch: Equatable, Sendable {
    /// The query text as typed (trimmed).
    public let query: String
    /// The place chosen for it, if any.
    public let placeID: String?
    /// When it was last used.
    public let usedAt: Date

    package init(_ entry: RecentSearchTable.Entry) {
        query = entry.query
        placeID = entry.placeID
        usedAt = entry.usedAt
    }
}
