import BookingAPI
import BookingCore
import Foundation
import Testing

/// `booking pay --another-card --card TOKEN`: a payment left waiting on
/// the bank's 3-D Secure page (the process killed before the page opened)
/// is left on the server, nothing charged for it, and the same room is paid
/// with the other card under a new key: confirmed, one charge, one hold.
/// Real processes, a real sandbox process over loopback.
@Suite struct AnotherCardCommandTests {
    @Test func aPendingBankPageIsLeftAndTheSameRoomPaidWithAnotherCard() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-another-card")
        _ = try await booking.holdAnOffer()
        try await booking.runKilled(
            ["pay", "--card", "tok_threeDSecureRequired"], at: "before openChallenge")
        let pending = try #require(try await booking.run(["status", "--json"]).json()["attempt"] as? [String: Any])
        #expect(pending["phase"] as? String == "ACTION_REQUIRED")
        let holdID = try #require(pending["holdId"] as? String)

        let other = try await booking.run(["pay", "--another-card", "--card", "tok_visa"])
        #expect(other.status == 0, "\(other.output) \(other.error)")
        #expect(other.output.contains("Leaving the bank's page"), "\(other.output)")
        #expect(other.output.contains("Outcome: confirmed"), "\(other.output)")
        let paid = try #require(try await booking.run(["status", "--json"]).json()["attempt"] as? [String: Any])
        #expect(paid["phase"] as? String == "CONFIRMED")
        #expect(paid["holdId"] as? String == holdID)
        #expect(paid["attemptId"] as? String != pending["attemptId"] as? String)
        // The booking left behind ended unpaid, for its own reason: not a decline.
        let left = try #require(pending["bookingId"] as? String)
        let api = BookingAPIClient(
            server: try ServerAddress(sandbox.url), apiKey: "sk_test_demo", transport: URLSessionTransport())
        let ended = try await api.booking(BookingID(left))
        #expect(ended.state == .failed)
        #expect(ended.failure?.code == "abandoned")
        let ledger = try await sandbox.ledger()
        #expect(ledger.chargeCount == 1)
        #expect(ledger.chargesByHold == [holdID: 1])
        await sandbox.stop()
    }

    /// Killed right after the server left the pending booking (its answer
    /// never taken): the next run learns the booking ended unpaid and pays
    /// the same room with the other card, once. (It used to say "no room is
    /// held now: hold that offer anew" while the room stayed held.)
    @Test func killedAfterLeavingTheBankPageTheNextPayUsesTheSameRoom() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-another-card-killed")
        _ = try await booking.holdAnOffer()
        try await booking.runKilled(
            ["pay", "--card", "tok_threeDSecureRequired"], at: "before openChallenge")
        let pending = try #require(try await booking.run(["status", "--json"]).json()["attempt"] as? [String: Any])
        let holdID = try #require(pending["holdId"] as? String)
        try await booking.runKilled(
            ["pay", "--another-card", "--card", "tok_visa"], at: "after abandonBooking")

        let other = try await booking.run(["pay", "--another-card", "--card", "tok_visa"])
        #expect(other.status == 0, "\(other.output) \(other.error)")
        #expect(other.output.contains("Nothing was charged"), "\(other.output)")
        #expect(other.output.contains("Outcome: confirmed"), "\(other.output)")
        let paid = try #require(try await booking.run(["status", "--json"]).json()["attempt"] as? [String: Any])
        #expect(paid["phase"] as? String == "CONFIRMED")
        #expect(paid["holdId"] as? String == holdID)
        let ledger = try await sandbox.ledger()
        #expect(ledger.chargeCount == 1)
        #expect(ledger.chargesByHold == [holdID: 1])
        await sandbox.stop()
    }
}
