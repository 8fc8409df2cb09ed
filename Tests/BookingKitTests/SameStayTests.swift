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

    /// Two processes on one data directory: this one held a room before
    /// the other's payment for the same offer landed (a window no screen
    /// can close: the other's payment is not this flow's). Its Pay is
    /// refused with the reason, nothing is sent; held again on purpose,
    /// the second booking is the traveller's choice and is paid.
    @Test func aRoomAnotherProcessPaidSinceItWasHeldIsPaidAgainOnlyOnPurpose() async throws {
        let fixture = try ClientFixture()
        let paid = try await fixture.holdFirstOfferAndPay(with: "tok_visa")
        #expect(paid.stage.kind == .confirmed)
        let offer = try await fixture.firstOffer()
        let other = try ClientFixture.client(sandbox: fixture.sandbox)
        await other.launch()
        // Held the way the other screen held it, before the payment landed.
        await other.runtime.flow.send(.offerChosen(offer))
        let (attempt, key) = Harness.newAttempt()
        await other.runtime.flow.send(.holdTapped(attempt: attempt, key: key))
        #expect(try await other.waitUntilAtRest(timeout: Poll.defaultTimeout).stage.kind == .held)

        let paymentsBefore = fixture.sandbox.transport.requests("POST", "/v1/bookings").count
        await #expect(
            throws: BookingClientError.actionUnavailable(
                .pay, stage: "held", reason: BookingFlow.State.paidElsewhereReason)
        ) {
            _ = try await other.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        }
        #expect(fixture.sandbox.transport.requests("POST", "/v1/bookings").count == paymentsBefore, "nothing was sent")

        _ = try await other.back()
        let again = try await other.hold(offer, bookingAgain: true)
        guard case .held = again else {
            Issue.record("a deliberate second room was not held: \(again)")
            return
        }
        let second = try await other.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        guard case .confirmed = second else {
            Issue.record("the second room, booked on purpose, was not paid: \(second)")
            return
        }
        #expect(try await other.api.sandboxLedger().chargeCount == 2)
        await fixture.sandbox.stop()
    }
}
