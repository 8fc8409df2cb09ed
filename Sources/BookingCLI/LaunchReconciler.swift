import BookingKit

/// Every launch settles unfinished attempts first, as the app does at start:
/// bounded in time, and quiet unless it settled something (then one line on
/// stderr, so stdout stays the command's own output).
public enum LaunchReconciler {
    /// The bound of an ordinary command's launch reconciliation.
    public static let bound: Duration = .seconds(3)

    /// Settles the open cancellations (`settleCancels`), then runs
    /// `repository.reconcile()` for at most `bound`; the report, or nil
    /// when there was nothing to settle or the bound passed first (the work
    /// goes on while the command runs; it only sends GETs).
    @discardableResult
    package static func run(_ repository: BookingRepository, console: Console, bound: Duration = bound) async
        -> ReconcileReport?
    {
        await settleCancels(repository, console: console, bound: bound)
        guard let pending = try? await repository.nonFinalAttempts(), !pending.isEmpty else { return nil }
        let report = await TimeLimit.run(bound) { await repository.reconcile() }
        if let report, report.settledAnything {
            console.note("booking: settled at launch: \(report)")
        }
        return report
    }
}
