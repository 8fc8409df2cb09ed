/// What one launch-time reconciliation did.
public struct ReconcileReport: Equatable, Sendable, CustomStringConvertible, LaunchJobReport {
    /// Non-final attempts looked at.
    public var examined = 0
    /// Attempts found confirmed (each now a trip).
    public var confirmed = 0
    /// Attempts found failed or declined.
    package var failed = 0
    /// Holds that ran out, or hold requests that never got an answer.
    package var expired = 0
    /// Attempts found cancelled.
    package var cancelled = 0
    /// Held attempts whose room another device of the account paid (the
    /// booking saved as a trip once confirmed; nothing charged here).
    package var bookedElsewhere = 0
    /// Attempts still in progress on the server, or not yet known.
    public var stillPending = 0
    /// Rooms held with time left: waiting for the user to pay, not for the
    /// server. Counted in `stillPending` until `separateHeld` moves them here.
    package var held = 0
    /// Holds given up that the server released in this run.
    package var holdsReleased = 0
    /// Holds given up whose release is still to be answered (sent again
    /// by the next run).
    package var releasesOpen = 0
    /// Attempts that could not be asked about (offline, server errors).
    package var errors = 0
    /// One line per error, for logs.
    package var errorMessages: [String] = []

    /// Creates an empty report.
    package init() {}

    /// Whether anything was settled (the CLI is quiet otherwise).
    public var settledAnything: Bool { confirmed + failed + expired + cancelled + bookedElsewhere > 0 }

    public var description: String {
        "examined \(examined): \(confirmed) confirmed, \(failed) failed, \(expired) expired, \(cancelled) cancelled, "
            + (bookedElsewhere > 0 ? "\(bookedElsewhere) paid on another device, " : "")
            + (held > 0 ? "\(held) held, " : "") + "\(stillPending) still pending, \(errors) errors"
            + (holdsReleased > 0 ? ", \(holdsReleased) held room(s) released" : "")
            + (releasesOpen > 0 ? ", \(releasesOpen) release(s) still to send" : "")
    }

    /// Moves `count` attempts from `stillPending` to `held`: after
    /// reconciliation, the attempts still open whose room is held with time
    /// left. Nothing about them is unknown: they wait only for the user.
    package mutating func separateHeld(_ count: Int) {
        let moved = min(max(0, count), stillPending)
        stillPending -= moved
        held += moved
    }

    mutating func noteError(_ message: String) { add(.error(message)) }

    mutating func add(_ outcome: AttemptSettlement) {
        switch outcome {
        case .confirmed: confirmed += 1
        case .failed: failed += 1
        case .expired: expired += 1
        case .cancelled: cancelled += 1
        case .bookedElsewhere: bookedElsewhere += 1
        case .pending: stillPending += 1
        case .error(let message):
            errors += 1
            errorMessages.append(message)
        }
    }
}

/// How reconciling one attempt ended.
enum AttemptSettlement: Equatable, Sendable {
    case confirmed, failed, expired, cancelled, bookedElsewhere, pending
    case error(String)
}
