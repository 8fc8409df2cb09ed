import Foundation
import TestSupport
import Testing

/// A signal while `booking pay` waits for a slow payment: the charge goes
/// on, and the run still ends with one outcome, one exit code and, with
/// `--json`, one document, whatever the signal. Real processes, a real
/// sandbox process whose every request takes 8 s (longer than the 3 s a
/// signal leaves the payment), so the outcome printed is "still being
/// checked" (exit 3) and the next `status` finds it confirmed.
@Suite struct PaySignalTests {
    @Test func sigtermWithJSONPrintsOneDocumentWithTheUnknownOutcomeAndExitsThree() async throws {
        let (sandbox, booking, pay) = try await Self.paying(["--json", "pay"], label: "cli-sigterm-json")
        pay.kill(SIGTERM)
        let stopped = await Booking.finish(pay)
        #expect(!stopped.signalled, "ended by the signal: \(stopped.status)")
        #expect(stopped.status == 3, "\(stopped.output) \(stopped.error)")
        let document = try stopped.json()
        #expect(document["exitCode"] as? Int == 3)
        #expect(document["outcome"] as? String != "confirmed")
        try await Self.confirmedOnceLater(booking, sandbox)
    }

    @Test func sighupEndsWithTheOutcomeLineAndItsExitCodeNotTheSignals() async throws {
        let (sandbox, booking, pay) = try await Self.paying(["pay"], label: "cli-sighup")
        pay.kill(SIGHUP)
        let hungUp = await Booking.finish(pay)
        #expect(!hungUp.signalled, "ended by the signal: \(hungUp.status)")
        #expect(hungUp.status == 3, "\(hungUp.output) \(hungUp.error)")
        #expect(hungUp.output.components(separatedBy: "Outcome: ").count == 2, "\(hungUp.output)")
        #expect(hungUp.output.contains("Run `booking status` later"), "\(hungUp.output)")
        try await Self.confirmedOnceLater(booking, sandbox)
    }

    /// A room held on a sandbox where every request takes 8 s, and
    /// `booking <arguments>` started once its payment is on the server.
    private static func paying(_ arguments: [String], label: String) async throws
        -> (SandboxProcess, Booking, ChildProcess)
    {
        let sandbox = try await SandboxProcess(["--fault-rate", "delay-ms=8000=1"])
        let booking = Booking(server: sandbox.url, label: label)
        try await InProcess(sharing: booking).holdAnOffer()
        let pay = try await booking.start(arguments)
        #expect(await Poll.until { await sandbox.hasAPaymentRunning() }, "the payment never reached the server")
        return (sandbox, booking, pay)
    }

    /// The payment the stopped run left is confirmed, charged once.
    private static func confirmedOnceLater(_ booking: Booking, _ sandbox: SandboxProcess) async throws {
        #expect(await Poll.until { (try? await sandbox.ledger().chargeCount) == 1 })
        let status = try await InProcess(sharing: booking).run(["status", "--json"])
        #expect((try status.json()["attempt"] as? [String: Any])?["phase"] as? String == "CONFIRMED")
        #expect(try await sandbox.ledger().chargeCount == 1)
        await sandbox.stop()
    }
}
