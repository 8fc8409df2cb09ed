/// A section of the sandbox dashboard, each also served as JSON at
/// `/sandbox/<rawValue>.json`.
enum DashboardSection: String, CaseIterable, Sendable {
    case bookings, holds, ledger, idempotency, faults
    /// The payment methods: the switch, and how each kind's payments end.
    case stats
    /// The rollout groups clients name: how each one's payments end, and its pause.
    case cohorts

    /// The section's JSON path.
    var jsonPath: String { "/sandbox/\(rawValue).json" }
}
