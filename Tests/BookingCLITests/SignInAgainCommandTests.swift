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
        // The account named on this device: its room stays with it
        // whichever key the run is given, the refused one included.
        var booking = InProcess(server: sandbox.url, label: "cli-sign-in-again")
        booking.environment["BOOKING_ACCOUNT"] = "traveller"
        _ = try await booking.holdAnOffer()
        let before = try await booking.run(["status", "--json"])
        let attempt = try #require(try before.json()["attempt"] as? [String: Any])
        let holdID = try #require(attempt["holdId"] as? String)

        let refused = try await booking.run(
            ["pay", "--card", "tok_visa"], environment: ["BOOKING_API_KEY": "sk_live_revoked"])
        #expect(refused.output.contains("Outcome: signInRequired. Sign in again"), "\(refused.output)")
        #expect(refused.output.contains("The server refused the API key"), "\(refused.output)")
        let kept = try await booking.run(
            ["status", "--json"], environment: ["BOOKING_API_KEY": "sk_live_revoked"])
        let row = try #require(try kept.json()["attempt"] as? [String: Any])
        #expect(row["attemptId"] as? String == attempt["attemptId"] as? String)
        #expect(row["holdId"] as? String == holdID)
        // Refused where the key was first used: reading the restored hold
        // (still HELD, exit 1), or, when Pay came before that read ended (a
        // loaded machine), the payment itself, whose 401 ran nothing: kept
        // as sent and asked about again after signing in (exit 3).
        if row["phase"] as? String == "HELD" {
            #expect(refused.status == 1, "\(refused.output) \(refused.error)")
            #expect(refused.output.contains("Nothing was lost"), "\(refused.output)")
        } else {
            #expect(row["phase"] as? String == "PAYMENT_SUBMITTED")
            #expect(refused.status == 3, "\(refused.output) \(refused.error)")
            #expect(refused.output.contains("Your payment is kept as it was"), "\(refused.output)")
        }
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
