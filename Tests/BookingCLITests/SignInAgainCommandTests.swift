import Foundation
import Testing

/// A key the server refuses (HTTP 401) mid-flow, on the command line and a
/// real sandbox process over loopback: `booking pay` says "Sign in again",
/// keeps the attempt exactly as it was (still HELD, the room still held,
/// nothing charged), and the next run with a good key reads the hold first
/// and pays it once.
@Suite struct SignInAgainCommandTests {
    @Test func aRefusedKeyKeepsTheHeldRoomAndTheNextRunWithAGoodKeyPaysItOnce() async throws {
        let sandbox = try await SandboxProcess()
        let booking = InProcess(server: sandbox.url, label: "cli-sign-in-again")
        _ = try await booking.holdAnOffer()
        let before = try await booking.run(["status", "--json"])
        let attempt = try #require(try before.json()["attempt"] as? [String: Any])
        let holdID = try #require(attempt["holdId"] as? String)

        let refused = try await booking.run(
            ["pay", "--card", "tok_visa"], environment: ["BOOKING_API_KEY": "sk_live_revoked"])
        #expect(refused.status == 1, "\(refused.output) \(refused.error)")
        #expect(refused.output.contains("Outcome: signInRequired. Sign in again"), "\(refused.output)")
        #expect(refused.output.contains("The server refused the API key"), "\(refused.output)")
        #expect(refused.output.contains("Nothing was lost"), "\(refused.output)")
        let kept = try await booking.run(
            ["status", "--json"], environment: ["BOOKING_API_KEY": "sk_live_revoked"])
        let row = try #require(try kept.json()["attempt"] as? [String: Any])
        #expect(row["attemptId"] as? String == attempt["attemptId"] as? String)
        #expect(row["phase"] as? String == "HELD")
        #expect(row["holdId"] as? String == holdID)
        #expect(try await sandbox.ledger().chargeCount == 0)

        let paid = try await booking.run(["pay", "--card", "tok_visa"])
        #expect(paid.status == 0, "\(paid.output) \(paid.error)")
        #expect(paid.output.contains("Outcome: confirmed"), "\(paid.output)")
        let ledger = try await sandbox.ledger()
        #expect(ledger.chargeCount == 1)
        #expect(ledger.chargesByHold == [holdID: 1])
        await sandbox.stop()
    }
}
