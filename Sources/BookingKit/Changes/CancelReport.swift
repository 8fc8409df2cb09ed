/// What one reconciliation of the open cancellations did.
package struct CancelReport: Equatable, Sendable, CustomStringConvertible, LaunchJobReport {
    /// Open cancellations and changes of dates looked at.
    package var examined = 0
    /// Found or made cancelled (each trip now says so).
    package var cancelled = 0
    /// Refused by the server (a newer version, not cancellable, not found): closed, nothing cancelled.
    package var refused = 0
    /// Changes of dates found or made applied (each trip now shows the new dates).
    package var modified = 0
    /// Still not known (the server unreachable or busy): left open, asked again next time.
    package var stillPending = 0
    /// Could not be read or saved.
    package var errors = 0
    /// One line per refusal, pending request or error, for logs.
    package var messages: [String] = []

    /// Creates an empty report.
    package init() {}

    /// Whether anything was settled (the CLI is quiet otherwise).
    package var settledAnything: Bool { cancelled + modified + refused > 0 }

    mutating func noteError(_ message: String) {
        errors += 1
        messages.append(message)
    }

    /// A request the server refused (`what` names it: "cancellation of
    /// bk_1"): counted, and said with the server's code.
    mutating func noteRefused(_ what: String, code: String) {
        refused += 1
        messages.append("\(what) refused: \(code)")
    }

    /// A request left open, its outcome not known yet: counted, and said why.
    mutating func notePending(_ what: String, _ detail: String) {
        stillPending += 1
        messages.append("\(what) still pending: \(detail)")
    }

    package var description: String {
        "cancellations examined \(examined): \(cancelled) cancelled, \(modified) dates changed, \(refused) refused, "
            + "\(stillPending) still pending, \(errors) errors"
    }
}
