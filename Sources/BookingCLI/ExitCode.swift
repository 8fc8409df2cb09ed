import BookingCore
import BookingKit

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
    package var name: String {
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
    package init(stage: BookingCore.BookingFlow.Stage) {
        switch stage {
        case .held, .confirmed: self = .done
        case .failed(let s) where s.reason == .holdNotKnown: self = .unknown  // the room may be held: asked again
        case .failed, .expired, .notPaid, .cancelled, .browsing, .offerChosen, .priceChanged: self = .failed
        case .requestingHold, .checkingHold, .submitting, .unknown, .actionRequired, .processing: self = .unknown
        case .signInRequired(let s):  // a refused key: a payment sent is not known yet; anything else failed
            switch s.interrupted {
            case .submitting, .unknown, .actionRequired, .processing: self = .unknown
            default: self = .failed
            }
        }
    }
}

extension ExitCode {
    /// What a run that drives the flow set out to do.
    package enum Goal: Sendable {
        /// Hold a room (`hold`): held is done.
        case hold
        /// Pay for it (`pay`, `open`'s return link): still held means no
        /// payment left, a failure.
        case payment
    }

    /// How a run that drove the flow ends: the one function of its outcome.
    /// What another process did to the attempt (``ChangedElsewhere``) wins:
    /// replaced, or paid and failed, is a failure; paid and confirmed is
    /// done; paid and still pending is not known yet. Otherwise the stage
    /// decides (``init(stage:)``), with a room still held a failure of a
    /// payment.
    package init(outcome state: BookingFlow.State, elsewhere: ChangedElsewhere?, goal: Goal) {
        if let elsewhere {
            self = elsewhere.isConfirmed ? .done : elsewhere.endedUnbooked ? .failed : .unknown
        } else if goal == .payment, case .held = state.stage {
            self = .failed
        } else {
            self.init(stage: state.stage)
        }
    }
}
