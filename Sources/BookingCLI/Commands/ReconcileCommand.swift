import BookingCommandLine
import BookingCore
import BookingKit

/// `booking reconcile`: the launch-time job, run explicitly (it suits cron
/// or a systemd timer): settles every unfinished attempt with the server and
/// prints the report. Exit 0 when nothing is left open but rooms held with
/// time left (they wait for the user, not the server: no cron noise), 3 when
/// some payment is still pending or an attempt could not be asked about.
struct ReconcileCommand: BookingCommand {
    /// It holds, pays or settles: it ends its work if stdout's reader leaves.
    static let finishesItsWork = true

    static let spec = CommandSpec(
        name: "reconcile", summary: "settle every unfinished attempt with the server (the launch-time job; suits cron)")

    init(_ input: CommandInput) {}

    /// The longest an explicit reconciliation may take.
    static let bound: Duration = .seconds(60)

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services()
        let client = services.client
        // `services` owns the embedded sandbox, if any: it lives until the end.
        defer { withExtendedLifetime(services) {} }
        guard let report = await TimeLimit.run(Self.bound, { await client.reconcile() }) else {
            throw CommandFailure(.unknown, "reconciliation took longer than \(Self.bound); run it again later")
        }
        let cancels = await Self.settleCancels(client)
        // Its last write done: booking.sqlite gets what the WAL holds, so a
        // copy of the file alone holds every booking. Here, in the job a
        // timer runs, and not in hold or pay, whose syncs are the promise's.
        await client.copyJournalIntoFile()
        if invocation.json {
            invocation.emit([
                "examined": .number(report.examined),
                "confirmed": .number(report.confirmed),
                "failed": .number(report.failed),
                "expired": .number(report.expired),
                "cancelled": .number(report.cancelled),
                "held": .number(report.held),
                "stillPending": .number(report.stillPending),
                "errors": .number(report.errors),
                "holdsReleased": .number(report.holdsReleased),
                "releasesOpen": .number(report.releasesOpen),
                "errorMessages": .array(report.errorMessages.map { .string($0) }),
                "cancels": Self.json(cancels),
            ])
        } else {
            invocation.say("Reconciled: \(report).")
            for message in report.errorMessages { invocation.say("  error: " + BookingTool.oneLine(message)) }
            if cancels.examined + cancels.errors > 0 { invocation.say("Reconciled \(cancels).") }
            for message in cancels.messages { invocation.say("  " + BookingTool.oneLine(message)) }
        }
        let open = report.stillPending + report.errors + report.releasesOpen + cancels.stillPending + cancels.errors
        return open > 0 ? .unknown : .done
    }

    /// The report of the open cancellations, empty when none was open; one
    /// error when `bound` passed first.
    static func settleCancels(_ client: BookingClient) async -> CancelReport {
        guard let report = await TimeLimit.run(Self.bound, { await client.settleCancellationsAndRefunds() }) else {
            var late = CancelReport()
            late.errors = 1
            late.messages.append("the cancellations took longer than \(Self.bound); run it again later")
            return late
        }
        return report
    }

    /// The report as the `cancels` object of `booking reconcile --json`.
    static func json(_ report: CancelReport) -> JSONValue {
        .object([
            ("examined", .number(report.examined)), ("cancelled", .number(report.cancelled)),
            ("modified", .number(report.modified)), ("refused", .number(report.refused)),
            ("stillPending", .number(report.stillPending)),
            ("errors", .number(report.errors)), ("messages", .array(report.messages.map { .string($0) })),
        ])
    }
}
