import BookingKit

/// The open cancellations, settled at every launch and by `booking
/// reconcile`: each is looked up and, while the booking is still confirmed
/// at the version it names, resent with its own key (ARCHITECTURE.md says
/// why that is safe for a cancellation and not for a payment).
extension LaunchReconciler {
    /// Settles the open cancellations for at most `bound`; quiet unless it
    /// settled something. Nil when none was open or the bound passed first
    /// (the work goes on while the command runs; what it learns is saved
    /// forward-only, and a resend carries the request's own key).
    @discardableResult
    package static func settleCancels(_ repository: BookingRepository, console: Console, bound: Duration = bound) async
        -> CancelReport?
    {
        guard let report = await TimeLimit.run(bound, { await repository.reconcileCancels() }) ?? nil else {
            return nil
        }
        if report.settledAnything { console.note("booking: settled at launch: \(report)") }
        return report
    }

    /// `booking reconcile`'s part: the report of the open cancellations,
    /// empty when none was open; one error when `bound` passed first.
    static func reconcileCancels(_ repository: BookingRepository, bound: Duration) async -> CancelReport {
        guard let report = await TimeLimit.run(bound, { await repository.reconcileCancels() }) else {
            var late = CancelReport()
            late.errors = 1
            late.messages.append("the cancellations took longer than \(bound); run it again later")
            return late
        }
        return report ?? CancelReport()
    }

    /// The report as the `cancels` object of `booking reconcile --json`.
    static func json(_ report: CancelReport) -> JSONValue {
        .object([
            ("examined", .number(report.examined)), ("cancelled", .number(report.cancelled)),
            ("refused", .number(report.refused)), ("stillPending", .number(report.stillPending)),
            ("errors", .number(report.errors)), ("messages", .array(report.messages.map { .string($0) })),
        ])
    }
}
