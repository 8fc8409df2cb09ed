import Foundation
import TestSupport
import Testing

/// `booking pay` dies by SIGKILL while its payment is out; the next launch
/// settles the attempt with the server, and the ledger shows one charge.
/// The killed or interrupted run is a child process; the setup and the
/// next launches run in this process (`cli`).
@Suite struct CrashTests {
    @Test func payKilledRightAfterThePaymentShowsItsOutcomeOnTheNextStatusWithOneCharge() async throws {
        // The debug build's crash hook: die once the payment's answer is in,
        // before the flow hears of it.
        let (sandbox, booking, cli, pay) = try await Self.payKilled(at: "after pay", label: "cli-kill-hook")
        #expect(!pay.output.contains("Outcome:"))

        let status = try await InProcess(sharing: booking).run(["status"])
        #expect(status.status == 0, "\(status.output) \(status.error)")
        #expect(status.output.contains("CONFIRMED"))
        let ledger = try await sandbox.ledger()
        #expect(ledger.chargeCount == 1)
        #expect(ledger.chargesByIdempotencyKey.values.allSatisfy { $0 == 1 })
        // Paying again never charges again: there is nothing held to pay.
        let again = try await cli.run(["pay"])
        #expect(again.status == 2)
        #expect(try await sandbox.ledger().chargeCount == 1)
    }

    @Test func payKilledMidRequestFromOutsideIsSettledLaterWithOneCharge() async throws {
        // Every request takes 3 s on this sandbox: time to kill the client
        // while its payment is on the server, even on a loaded machine.
        let (sandbox, booking, pay) = try await Self.payingOnASlowSandbox(
            delayMilliseconds: 3000, label: "cli-kill-mid")
        // Killed once the server has the payment (its key claimed and
        // running, inside the 3 s delay), however slow this machine is to
        // send it: a fixed pause once killed it before the POST arrived.
        #expect(await Poll.until { await sandbox.hasAPaymentRunning() }, "the payment never reached the server")
        pay.kill(SIGKILL)
        let killed = await Booking.finish(pay)
        #expect(killed.signalled)
        #expect(!killed.output.contains("Outcome:"))
        // The server finishes the payment it had.
        #expect(await Poll.until { (try? await sandbox.ledger().chargeCount) == 1 })

        // Launch reconciliation (bounded at 3 s, shorter than this server's
        // delay) or the restored flow's lookup by key finds it confirmed.
        let status = try await InProcess(sharing: booking).run(["status", "--json"])
        #expect(status.status == 0, "\(status.output) \(status.error)")
        #expect((try status.json()["attempt"] as? [String: Any])?["phase"] as? String == "CONFIRMED")
        let ledger = try await sandbox.ledger()
        #expect(ledger.chargeCount == 1)
        #expect(ledger.chargesByHold.values.allSatisfy { $0 == 1 })
    }

    @Test func payKilledBeforeThePaymentLeftIsNotPaidOnTheNextPayWhichPaysTheSameHoldOnce() async throws {
        let (sandbox, booking, _, _) = try await Self.payKilled(at: "before pay", label: "cli-kill-before")
        // Saved as submitted, never sent: the next `booking pay` (a new
        // process) looks the key up, closes it (certainly not paid), and pays
        // the same held room again under a new key.
        let started = ContinuousClock.now
        let again = try await booking.run(["pay"])
        print("cli-kill-before: the next `booking pay` ran \(ContinuousClock.now - started) to its outcome")
        #expect(again.status == 0, "\(again.output) \(again.error)")
        #expect(again.output.contains("Not paid"), "\(again.output)")
        #expect(again.output.contains("Nothing was charged"), "\(again.output)")
        #expect(again.output.contains("Outcome: confirmed"), "\(again.output)")
        let ledger = try await sandbox.ledger()
        #expect(ledger.chargeCount == 1)
        #expect(ledger.chargesByHold.count == 1)
    }

    @Test func statusAfterAPayKilledBeforeThePaymentLeftSaysNotPaidAndKeepsTheRoom() async throws {
        let (sandbox, booking, cli, _) = try await Self.payKilled(at: "before pay", label: "cli-kill-status")
        let status = try await InProcess(sharing: booking).run(["status"])
        #expect(status.status == 1, "\(status.output) \(status.error)")
        #expect(status.output.contains("Not paid"), "\(status.output)")
        #expect(status.output.contains("The room is still held for you"), "\(status.output)")
        let paid = try await cli.run(["pay"])
        #expect(paid.status == 0, "\(paid.output) \(paid.error)")
        let ledger = try await sandbox.ledger()
        #expect(ledger.chargeCount == 1)
        #expect(ledger.chargesByHold.count == 1)
    }

    @Test func ctrlCDuringPayNeverCancelsTheChargeAndEndsWithOneOutcomeItsExitCodeAgreesWith() async throws {
        let (sandbox, booking, pay) = try await Self.payingOnASlowSandbox(
            delayMilliseconds: 1500, label: "cli-interrupt")
        pay.kill(SIGINT)
        let interrupted = await Booking.finish(pay)
        #expect(!interrupted.signalled)
        #expect(interrupted.error.contains("the payment continues on the server; run `booking status`"))
        // The answer comes within the 3 s the signal leaves it (exit 0,
        // confirmed), or it does not (exit 3, still being checked): never
        // "confirmed" with the exit code of an unknown outcome.
        let outcomes = interrupted.output.components(separatedBy: "Outcome: ").count - 1
        #expect(outcomes == 1, "\(interrupted.output)")
        if interrupted.status == 0 {
            #expect(interrupted.output.contains("Outcome: confirmed"), "\(interrupted.output)")
        } else {
            #expect(interrupted.status == 3)
            #expect(!interrupted.output.lowercased().contains("confirmed"), "\(interrupted.output)")
        }

        let status = try await InProcess(sharing: booking).run(["status"])
        #expect(status.output.contains("CONFIRMED"), "\(status.output) \(status.error)")
        #expect(try await sandbox.ledger().chargeCount == 1)
    }

    /// A sandbox where every request takes `delayMilliseconds`, a client
    /// holding a room on it, and its `booking pay` started and seen paying
    /// (the flow's own progress line: the payment was tapped, not the room
    /// line before it), waited for at most `Poll.defaultTimeout`.
    private static func payingOnASlowSandbox(
        delayMilliseconds: Int, label: String
    ) async throws -> (SandboxProcess, Booking, ChildProcess) {
        let sandbox = try await SandboxProcess(["--fault-rate", "delay-ms=\(delayMilliseconds)=1"])
        let booking = Booking(server: sandbox.url, label: label)
        try await InProcess(sharing: booking).holdAnOffer()
        let pay = try await booking.start(["pay"])
        #expect(await Booking.waitForOutput(pay, containing: "… Paying"))
        return (sandbox, booking, pay)
    }

    /// A room held on a new sandbox (in this process), then a child `booking
    /// pay` killed by the crash hook at `boundary`: what the next launches see.
    private static func payKilled(at boundary: String, label: String) async throws
        -> (SandboxProcess, Booking, InProcess, Booking.Run)
    {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: label)
        let cli = InProcess(sharing: booking)
        try await cli.holdAnOffer()
        let pay = try await booking.runKilled(["pay"], at: boundary)
        return (sandbox, booking, cli, pay)
    }
}
