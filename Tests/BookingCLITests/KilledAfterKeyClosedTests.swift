import Foundation
import Testing

/// A `booking pay` SIGKILLed right after it closed the key of a payment
/// that never left (`BOOKINGKIT_KILL_AT="after closeKey"`): "not paid" was
/// saved, the process died before it offered to pay again, and the server
/// still holds the room. The next `booking pay` restores that attempt as
/// "not paid: pay again" on the same hold, under a new attempt and key,
/// and the booking is confirmed with one charge. Real processes, a real
/// sandbox process over loopback.
@Suite struct KilledAfterKeyClosedTests {
    @Test func theNextPayPaysTheSameRoomAgainAndChargesOnce() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-after-close-key")
        _ = try await booking.holdAnOffer()
        let held = try #require(try await booking.run(["status", "--json"]).json()["attempt"] as? [String: Any])
        let holdID = try #require(held["holdId"] as? String)

        try await booking.runKilled(["pay"], at: "before pay")
        try await booking.runKilled(["pay"], at: "after closeKey")
        let closed = try #require(try await booking.run(["status", "--json"]).json()["attempt"] as? [String: Any])
        #expect(closed["phase"] as? String == "FAILED")
        #expect(try await Campaign.liveHolds(account: "demo", server: sandbox.url) == [holdID])

        let again = try await booking.run(["pay"])
        #expect(again.status == 0, "\(again.output) \(again.error)")
        #expect(again.output.contains("Paying the same held room again, under a new key"), "\(again.output)")
        #expect(again.output.contains("Outcome: confirmed"), "\(again.output)")
        let paid = try #require(try await booking.run(["status", "--json"]).json()["attempt"] as? [String: Any])
        #expect(paid["holdId"] as? String == holdID)
        #expect(paid["phase"] as? String == "CONFIRMED")
        let ledger = try await sandbox.ledger()
        #expect(ledger.chargeCount == 1)
        #expect(ledger.chargesByHold == [holdID: 1])
        await sandbox.stop()
    }
}
