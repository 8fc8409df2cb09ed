import Foundation
import TestSupport
import Testing

/// `booking push PAYLOAD`, the command line's side of
/// `BookingClient.pushReceived(_:)`: the payload's id is a hint, the
/// server's answer is what is printed. A real sandbox process, the real
/// command, a payment killed while it waited for 3-D Secure.
@Suite struct PushCommandTests {
    @Test func aPushSayingConfirmedForADeclinedPaymentPrintsDeclined() async throws {
        let (sandbox, _, cli, id, page) = try await Booking.waitingOnTheBanksPage("cli-push")

        for bad in ["", "[]", #"{"status": "CONFIRMED"}"#, #"{"bookingId": "bk_1", "attemptId": "a_1"}"#] {
            let refused = try await cli.run(["push", bad])
            #expect(refused.status == 2, "\(bad): \(refused.output)")
            #expect(refused.error.contains("rejected push"), "\(bad): \(refused.error)")
        }
        #expect(try await ChallengePageCommandTests.answer(page, pass: false).status == 303)  // the bank said no
        let pushed = try await cli.run(["push", #"{"bookingId": "\#(id)", "status": "CONFIRMED"}"#])
        #expect(pushed.status == 1, "\(pushed.output) \(pushed.error)")
        #expect(pushed.output.contains("Outcome: failed"), "\(pushed.output)")
        #expect(!pushed.output.contains("confirmed"), "\(pushed.output)")
        #expect(try await sandbox.ledger().chargeCount == 0)
        await sandbox.stop()
    }

    @Test func statusFollowWakesOnTheServersChangeAndShowsItsOutcome() async throws {
        let (sandbox, booking, _, _, page) = try await Booking.waitingOnTheBanksPage("cli-follow")
        let path = try #require(Booking.path)
        let follow = try await Booking.spawn(
            path, booking.global + ["status", "--follow"], environment: booking.environment)
        try #require(
            await Booking.waitForOutput(follow, containing: "Waiting for the server"), "\(follow.outputSoFar)")
        let answered = ContinuousClock.now
        #expect(try await ChallengePageCommandTests.answer(page, pass: true).status == 303)  // in the bank's app
        let run = await Booking.finish(follow)
        // Woken by the change, not by the end of the channel's 25 s wait.
        #expect(ContinuousClock.now - answered < .seconds(20))
        #expect(run.status == 0, "\(run.output) \(run.error)")
        #expect(run.output.contains("Outcome: confirmed"), "\(run.output)")
        #expect(try await sandbox.ledger().chargeCount == 1)
        await sandbox.stop()
    }
}
