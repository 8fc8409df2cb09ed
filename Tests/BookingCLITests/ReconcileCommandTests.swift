import Foundation
import Testing

/// `booking reconcile` as a cron job: a room merely held is not an unknown
/// outcome.
@Suite struct ReconcileCommandTests {
    @Test func aHeldRoomIsNotAPendingPaymentAndExitsZero() async throws {
        let booking = InProcess(label: "cli-reconcile-held")
        try await booking.holdAnOffer()
        let run = try await booking.run(["reconcile", "--json"])
        #expect(run.status == 0, "\(run.output) \(run.error)")
        let report = try run.json()
        #expect(report["held"] as? Int == 1)
        #expect(report["stillPending"] as? Int == 0)
        let text = try await booking.run(["reconcile"])
        #expect(text.status == 0)
        #expect(text.output.contains("1 held"), "\(text.output)")
    }
}
