import Foundation
import TestSupport
import Testing

/// Issue 22 item 4 on the command line: `booking pay --card
/// tok_threeDSecureRequired` killed once the server asked for 3-D Secure
/// (SIGKILL by the crash hook, before the page opened). The next `booking
/// status` shows the bank's page again, and the next `booking pay` answers
/// it instead of saying "already sent": one charge.
@Suite struct ChallengePageRelaunchTests {
    @Test func statusShowsTheSavedPageAndTheNextPayAnswersIt() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-3ds-survives")
        let cli = InProcess(sharing: booking)
        try await cli.holdAnOffer()
        try await booking.runKilled(
            ["pay", "--card", "tok_threeDSecureRequired"], at: "before openChallenge")

        let status = try await cli.run(["status", "--json"])
        let json = try status.json()
        let state = try #require(json["state"] as? [String: Any], "\(status.output)")
        let url = try #require(state["challengeUrl"] as? String, "no page: \(status.output)")
        #expect(url.hasPrefix(sandbox.url + "/sandbox/3ds/bk_"))
        #expect(state["stage"] as? String == "actionRequired")
        #expect((json["attempt"] as? [String: Any])?["challengeUrl"] as? String == url)
        let text = try await cli.run(["status"])
        #expect(text.output.contains("bank page: \(url)"), "\(text.output)")

        let again = try await booking.run(["pay", "--challenge", "pass"])
        #expect(again.status == 0, "\(again.output) \(again.error)")
        #expect(!again.output.contains("already sent"), "\(again.output)")
        #expect(again.output.contains("Outcome: confirmed"), "\(again.output)")
        let ledger = try await sandbox.ledger()
        #expect(ledger.chargeCount == 1)
        await sandbox.stop()
    }
}
