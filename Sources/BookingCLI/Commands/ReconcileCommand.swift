import BookingKit

/// `booking reconcile`: the launch-time job, run explicitly (it suits cron
/// or a systemd timer): settles every unfinished attempt with the server and
/// prints the report. Exit 0 when nothing is left open, 3 when some attempt
/// is still pending or could not be asked about.
enum ReconcileCommand {
    /// The longest an explicit reconciliation may take.
    static let bound: Duration = .seconds(60)

    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services()
        let repository: BookingRepository
        do {
            repository = try BookingRepository(directory: invocation.settings.dataDirectory, api: services.api)
        } catch {
            throw CommandFailure.failed("cannot open the bookings in \(invocation.settings.dataDirectory): \(error)")
        }
        guard let report = await TimeLimit.run(bound, { await repository.reconcile() }) else {
            throw CommandFailure(.unknown, "reconciliation took longer than \(bound); run it again later")
        }
        if invocation.json {
            invocation.emit([
                "examined": .number(report.examined),
                "confirmed": .number(report.confirmed),
                "failed": .number(report.failed),
                "expired": .number(report.expired),
                "cancelled": .number(report.cancelled),
                "stillPending": .number(report.stillPending),
                "errors": .number(report.errors),
                "errorMessages": .array(report.errorMessages.map { .string($0) }),
            ])
        } else {
            invocation.say("Reconciled: \(report).")
            for message in report.errorMessages { invocation.say("  error: " + BookingTool.oneLine(message)) }
        }
        return report.stillPending + report.errors > 0 ? .unknown : .done
    }
}
