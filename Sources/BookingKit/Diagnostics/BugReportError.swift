/// Why a bug report could not be made or read.
public enum BugReportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No attempt with this id is saved.
    case unknownAttempt(String)
    /// No attempt is saved at all.
    case noAttempt
    /// The bytes are not a bundle.
    case unreadable(String)
    /// A newer program made it.
    case newerFormat(Int)
    /// The device's saved attempts cannot be read (the reason).
    case storeUnreadable(String)
    /// The bundle could not be written as JSON (the reason).
    case unencodable(String)

    /// The reason in English.
    public var description: String {
        switch self {
        case .unknownAttempt(let id): return "no attempt \(id) is saved on this device"
        case .noAttempt: return "no attempt is saved on this device yet: there is nothing to report"
        case .unreadable(let reason): return "not a readable bug report: \(reason)"
        case .storeUnreadable(let reason): return "the saved attempts cannot be read: \(reason)"
        case .unencodable(let reason): return "the bug report could not be written: \(reason)"
        case .newerFormat(let format):
            return
                "the bug report is format \(format), made by a newer program; this one reads format \(BugReport.currentFormat)"
        }
    }
}
