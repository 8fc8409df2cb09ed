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
        let repository: BookingRepository
        do {
            repository = try BookingRepository(
                directory: invocation.settings.dataDirectory, api: services.api, logHandler: services.logHandler)
        } catch {
            throw CommandFailure.failed("cannot open the bookings in \(invocation.settings.dataDirectory): \(error)")
        }
        guard var report = await TimeLimit.run(Self.bound, { await repository.reconcile() }) else {
            throw CommandFailure(.unknown, "reconciliation took longer than \(Self.bound); run it again later")
        }
        do {
            report.separateHeld(try await repository.nonFinalAttempts().filter { $0.phase == .held }.count)
        } catch {
            report.errors += 1
            report.errorMessages.append("cannot read the attempts left open: \(error)")
        }
        let cancels = await LaunchReconciler.reconcileCancels(repository, bound: Self.bound)
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
                "errorMessages": .array(report.errorMessages.map { .string($0) }),
                "cancels": LaunchReconciler.json(cancels),
            ])
        } else {
            invocation.say("Reconciled: \(report).")
            for message in report.errorMessages { invocation.say("  error: " + BookingTool.oneLine(message)) }
            if cancels.examined + cancels.errors > 0 { invocation.say("Reconciled \(cancels).") }
            for message in cancels.messages { invocation.say("  " + BookingTool.oneLine(message)) }
        }
        return report.stillPending + report.errors + cancels.stillPending + cancels.errors > 0 ? .unknown : .done
    }
}
