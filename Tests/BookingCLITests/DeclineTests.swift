import Foundation
import Testing

/// After a declined card, the CLI says what to run to try again, and
/// `booking pay` explains that a new hold of that offer is needed.
@Suite struct DeclineTests {
    @Test func aDeclinedPaymentSaysHowToTryAgainAndTheWayWorks() async throws {
        let booking = InProcess(label: "cli-decline-retry")
        let offerID = try await booking.holdAnOffer()
        let declined = try await booking.run(["pay", "--card", "tok_chargeDeclined"])
        #expect(declined.status == 1)
        #expect(declined.output.contains("booking hold \(offerID)"), "\(declined.output)")
        #expect(declined.output.contains("booking pay --card"), "\(declined.output)")

        let again = try await booking.run(["pay"])
        #expect(again.status == 2)
        #expect(!again.error.contains("nothing to pay"), "\(again.error)")
        #expect(again.error.contains("declined"), "\(again.error)")
        #expect(again.error.contains("booking hold \(offerID)"), "\(again.error)")

        let hold = try await booking.run(["hold", offerID, "--no-wait"])
        #expect(hold.status == 0, "\(hold.output) \(hold.error)")
        let paid = try await booking.run(["pay"])
        #expect(paid.status == 0, "\(paid.output) \(paid.error)")
    }
}
