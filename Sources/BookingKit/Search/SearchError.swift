/// Why a search could not be answered.
public enum SearchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The query is not valid.
    case invalidQuery(String)
    /// There is no page `page` (pages are numbered from 1): the list has
    /// `pageCount` pages.
    case noSuchPage(Int, pageCount: Int)
    /// Offline, and nothing cached for this query.
    case offlineWithoutCache
    /// The cached page cannot be read (it is dropped on the next refresh).
    case unreadableCache

    public var description: String {
        switch self {
        case .invalidQuery(let reason): return "invalid search: \(reason)"
        case .noSuchPage(let page, let count):
            return "there is no page \(page): there \(count == 1 ? "is 1 page" : "are \(count) pages")"
        case .offlineWithoutCache: return "offline, and no offers are saved on this device for this search"
        case .unreadableCache: return "the saved offers cannot be read; refresh"
        }
    }
}
