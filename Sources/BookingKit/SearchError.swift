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
