import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// One stay is never paid twice by accident: once this device has a
/// confirmed booking of a stay (the same property and room on the same
/// dates), holding it again is refused with `alreadyBooked` and holds only
/// when the traveller says so (`bookingAgain`).
@Suite(.hangLimit) struct SameStayTests {
    @Test func holdingAStayAlreadyBookedAsksFirstAndHoldsOnlyOnPurpose() async throws {
        let fixture = try ClientFixture()
        let paid = try await fixture.holdFirstOfferAndPay(with: "tok_visa")
        guard case .confirmed(let settled) = paid.stage else {
            Issue.record("expected a confirmed booking, got \(paid.stage.name)")
            return
        }
        _ = try await fixture.client.back()
        let offer = try await fixture.firstOffer()
        let holdsBefore = fixture.sandbox.transport.requests("POST", "/v1/holds").count
        do {
            _ = try await fixture.client.hold(offer)
            Issue.record("held a stay this device has a confirmed booking of, without asking")
        } catch .alreadyBooked(let id) {
            #expect(id == settled.booking.id)
        } catch {
            Issue.record("expected alreadyBooked, got \(error)")
        }
        #expect(fixture.sandbox.transport.requests("POST", "/v1/holds").count == holdsBefore, "nothing was sent")

        let again = try await fixture.client.hold(offer, bookingAgain: true)
        guard case .held = again else {
            Issue.record("a deliberate second room was not held: \(again)")
            return
        }
        await fixture.sandbox.stop()
    }
}
