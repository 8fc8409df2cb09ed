/// A section of the sandbox dashboard, each also served as JSON at
/// `/sandbox/<rawValue>.json`.
enum DashboardSection: String, CaseIterable, Sendable {
    case bookings, holds, ledger, idempotency, faults
    /// The payment methods: the switch, and how each kind's payments end.
    case stats

    /// The section's JSON path.
    var jsonPath: String { "/sandbox/\(rawValue).json" }
}
