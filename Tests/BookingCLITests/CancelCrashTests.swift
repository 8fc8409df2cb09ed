import BookingAPI
import Foundation
import Testing

/// `booking cancel` dies by SIGKILL at each of its boundaries (the crash
/// hook's `before cancel commit`, `after cancel commit`, `after cancel
/// POST`, `after cancel saved`); the next run ends the booking cancelled
/// exactly once: one refund in the sandbox's ledger, the trip says so.
/// The killed runs are child processes, and so is `trip ID` (the lean
/// viewer's); the setup and the runs after a kill run in this process.
@Suite struct CancelCrashTests {
    static let boundaries = ["before cancel commit", "after cancel commit", "after cancel POST", "after cancel saved"]

    /// Rounds per boundary: 1, or `BOOKINGKIT_CANCEL_KILL_ROUNDS` (the
    /// figure in RELIABILITY.md), each a new booking in a new data directory.
    static let rounds = SandboxProcess.rounds(asking: "BOOKINGKIT_CANCEL_KILL_ROUNDS")

    /// How many refunds of booking `id` the sandbox's ledger holds.
    static func refunds(_ sandbox: SandboxProcess, _ id: String) async throws -> Int {
        try await sandbox.ledger(of: id) { $0 == "refund" }.count
    }

    private static func tripStatus(_ booking: Booking, _ id: String) async throws -> String? {
        try await booking.trip(id)["status"] as? String
    }

    @Test(arguments: boundaries)
    func cancelKilledAtABoundaryIsSettledByTheNextReconcileOnce(boundary: String) async throws {
        try await SandboxProcess.confirmedRounds(Self.rounds, label: "cli-cancel-kill") { sandbox, booking, cli, id in
            try await killAndSettle(at: boundary, sandbox: sandbox, booking: booking, cli: cli, id: id)
        }
    }

    private func killAndSettle(
        at boundary: String, sandbox: SandboxProcess, booking: Booking, cli: InProcess, id: String
    ) async throws {
        let killed = try await booking.runKilled(["cancel", id, "--yes"], at: boundary)
        #expect(!killed.output.contains("CANCELLED"))

        let cancels = try await cli.run(["reconcile", "--json"]).settledChanges()
        // Saved before dying (every boundary but the first) and not yet
        // settled (the first two, and the answer not saved): reconciliation
        // settles it; an answer already saved leaves nothing open.
        let open = boundary == "after cancel commit" || boundary == "after cancel POST"
        #expect(cancels["cancelled"] as? Int == (open ? 1 : 0), "\(cancels)")
        #expect(cancels["stillPending"] as? Int == 0)
        if boundary == "before cancel commit" {
            // Nothing was saved or sent: the trip is as it was, and the user asks again.
            #expect(try await Self.tripStatus(booking, id) == "CONFIRMED")
            #expect(try await Self.refunds(sandbox, id) == 0)
            let again = try await cli.run(["cancel", id, "--yes"])
            #expect(again.status == 0, "\(again.output) \(again.error)")
        }
        #expect(try await Self.tripStatus(booking, id) == "CANCELLED")
        #expect(try await Self.refunds(sandbox, id) == 1)
        // Asking again sends nothing: the trip is cancelled.
        let late = try await cli.run(["cancel", id])
        #expect(late.status == 2)
        #expect(late.error.contains("already cancelled"), "\(late.error)")
        #expect(try await Self.refunds(sandbox, id) == 1)
    }

    /// A sandbox, a confirmed booking and `booking cancel` killed at `boundary`.
    static func killedCancel(at boundary: String, label: String) async throws
        -> (sandbox: SandboxProcess, booking: Booking, id: String)
    {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: label)
        let id = try await InProcess(sharing: booking).holdAndPay()
        try await booking.runKilled(["cancel", id, "--yes"], at: boundary)
        return (sandbox, booking, id)
    }

    @Test func cancelKilledAfterItsPostIsResumedByTheNextCancelWithTheSameKey() async throws {
        let (sandbox, booking, id) = try await Self.killedCancel(at: "after cancel POST", label: "cli-cancel-resume")
        // The user runs it again: the saved request is looked up (the
        // server has it cancelled) and nothing is refunded twice.
        let again = try await InProcess(sharing: booking).run(["cancel", id, "--json"])
        #expect(again.status == 0, "\(again.output) \(again.error)")
        #expect(try again.json()["status"] as? String == "CANCELLED")
        #expect(try await Self.tripStatus(booking, id) == "CANCELLED")
        #expect(try await Self.refunds(sandbox, id) == 1)
        await sandbox.stop()
    }

    @Test func aCancelSavedButNeverSentIsSettledAtTheNextLaunch() async throws {
        let (sandbox, booking, id) = try await Self.killedCancel(at: "after cancel commit", label: "cli-cancel-launch")
        #expect(try await Self.refunds(sandbox, id) == 0)
        // Any command's launch reconciliation sends the saved request with its key.
        let status = try await InProcess(sharing: booking).run(["status"])
        #expect(status.error.contains("settled at launch: cancellations examined 1: 1 cancelled"), "\(status.error)")
        #expect(try await Self.tripStatus(booking, id) == "CANCELLED")
        #expect(try await Self.refunds(sandbox, id) == 1)
        await sandbox.stop()
    }

    @Test func aSavedCancelResumedAndReconciledAtOnceRefundsOnce() async throws {
        let (sandbox, booking, id) = try await Self.killedCancel(at: "after cancel commit", label: "cli-cancel-race")
        // Two processes on the same data directory send the same request.
        let cancel = try await booking.start(["cancel", id])
        let reconcile = try await booking.start(["reconcile", "--json"])
        let (cancelled, reconciled) = await (Booking.finish(cancel), Booking.finish(reconcile))
        // The one that finds it already settled by the other says so (exit 2).
        #expect([0, 2].contains(cancelled.status), "\(cancelled.output) \(cancelled.error)")
        #expect(reconciled.status == 0, "\(reconciled.output) \(reconciled.error)")
        #expect(try await Self.tripStatus(booking, id) == "CANCELLED")
        #expect(try await Self.refunds(sandbox, id) == 1)
        await sandbox.stop()
    }

    @Test func badCancelsSayWhyExitTwoAndLoseNothing() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-cancel-bad")
        let cli = InProcess(sharing: booking)
        let id = try await cli.holdAndPay()
        // A second device of the account holds the trip too; this one cancels it first.
        let otherDevice = Booking(server: sandbox.url, label: "cli-cancel-device")
        #expect(try await otherDevice.run(["trips"]).status == 0)
        #expect(try await Self.tripStatus(otherDevice, id) == "CONFIRMED")

        let unknown = try await cli.run(["cancel", "bk_doesnotexist"])
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("no trip bk_doesnotexist on this device"), "\(unknown.error)")

        // Another account's key on this data directory: its own space has
        // no such trip, and nothing is sent for the first account's.
        let other = try await cli.run(["cancel", id], environment: ["BOOKING_API_KEY": "sk_test_other"])
        #expect(other.status == 2, "\(other.output) \(other.error)")
        #expect(other.error.contains("no trip \(id) on this device"), "\(other.error)")
        #expect(try await Self.tripStatus(booking, id) == "CONFIRMED")
        // The same with a request saved by this account and left open: the
        // other account's run keeps it, this account's next run settles it.
        try await booking.runKilled(["cancel", id, "--yes"], at: "after cancel commit")
        let otherAgain = try await cli.run(["cancel", id], environment: ["BOOKING_API_KEY": "sk_test_other"])
        #expect(otherAgain.status == 2, "\(otherAgain.output) \(otherAgain.error)")
        #expect(try await Self.refunds(sandbox, id) == 0)
        #expect(try await cli.run(["reconcile", "--json"]).settledChanges()["cancelled"] as? Int == 1)

        let json = try await cli.run(["cancel", "bk_doesnotexist", "--json"])
        #expect(json.status == 2)

        let again = try await cli.run(["cancel", id])
        #expect(again.status == 2)
        #expect(again.error.contains("is already cancelled"), "\(again.error)")
        // The other device's copy still says confirmed: the server refuses
        // to quote, and the read after the refusal finds the booking
        // cancelled. That device says the server's state (already
        // cancelled, version 2), never that nothing was cancelled or
        // refunded, and its copy is brought up to date with its one refund.
        let late = try await InProcess(sharing: otherDevice).run(["cancel", id, "--yes"])
        #expect(late.status == 2, "\(late.output) \(late.error)")
        #expect(late.error.contains("booking \(id) is already cancelled (version 2)"), "\(late.error)")
        #expect(!late.error.contains("nothing was cancelled"), "\(late.error)")
        #expect(try await otherDevice.trip(id)["refund"] != nil)
        #expect(try await Self.tripStatus(otherDevice, id) == "CANCELLED")
        #expect(try await Self.refunds(sandbox, id) == 1)
        await sandbox.stop()
    }
}
