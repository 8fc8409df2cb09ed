import BookingCore

/// How `booking` ends, documented in the README and `booking --help`.
public enum ExitCode: Int32, Sendable {
    /// Done.
    case done = 0
    /// The outcome was a failure (declined, expired, sold out, server unreachable).
    case failed = 1
    /// Bad usage, or input the client or the server rejected.
    case usage = 2
    /// The outcome is not known yet: run `booking status` later.
    case unknown = 3
}

extension ExitCode {
    /// The code's name in `--json` errors: `done`, `failed`, `usage` or `unknown`.
    public var name: String {
        switch self {
        case .done: return "done"
        case .failed: return "failed"
        case .usage: return "usage"
        case .unknown: return "unknown"
        }
    }

    /// How a command that drove the flow ends, from where the flow stands:
    /// held or confirmed is done; a settled failure (failed, expired,
    /// cancelled, sold out, a changed price) failed; anything still waiting
    /// on the server is not known yet.
    public init(stage: BookingCore.BookingFlow.Stage) {
        switch stage {
        case .held, .confirmed: self = .done
        case .failed, .expired, .notPaid, .cancelled, .browsing, .offerChosen, .priceChanged: self = .failed
        case .requestingHold, .checkingHold, .submitting, .unknown, .actionRequired, .processing: self = .unknown
        }
    }
}
