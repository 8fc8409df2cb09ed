import Foundation
import Testing

/// After a declined card the room stays held: the CLI says the bank
/// declined and that the next `booking pay` tries another card on the same
/// hold, and it does, with no new hold.
@Suite struct DeclineTests {
    @Test func aDeclinedPaymentKeepsTheRoomAndTheNextPayTriesAnotherCardOnIt() async throws {
        let booking = InProcess(label: "cli-decline-retry")
        _ = try await booking.holdAnOffer()
        let holds = try await booking.run(["status", "--json"])
        let holdID = try #require((try holds.json()["attempt"] as? [String: Any])?["holdId"] as? String)
        for _ in 0..<2 {
            let declined = try await booking.run(["pay", "--card", "tok_chargeDeclined"])
            #expect(declined.status == 1)
            #expect(declined.output.contains("Payment declined"), "\(declined.output)")
            #expect(declined.output.contains("Your bank declined the payment"), "\(declined.output)")
            #expect(declined.output.contains("The room is still held for you"), "\(declined.output)")
            #expect(declined.output.contains("booking pay --card"), "\(declined.output)")
        }
        let paid = try await booking.run(["pay"])
        #expect(paid.status == 0, "\(paid.output) \(paid.error)")
        let after = try await booking.run(["status", "--json"])
        #expect((try after.json()["attempt"] as? [String: Any])?["holdId"] as? String == holdID)
        #expect((try after.json()["attempt"] as? [String: Any])?["phase"] as? String == "CONFIRMED")
    }
}
