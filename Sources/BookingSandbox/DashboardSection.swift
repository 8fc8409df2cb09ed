/// A section of the sandbox dashboard, each also served as JSON at
/// `/sandbox/<rawValue>.json`.
enum DashboardSection: String, CaseIterable, Sendable {
    case bookings, holds, ledger, idempotency, faults

    /// The section's JSON path.
    var jsonPath: String { "/sandbox/\(rawValue).json" }
}
