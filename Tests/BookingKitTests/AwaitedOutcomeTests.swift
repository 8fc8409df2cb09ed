import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// `hold(_:)` and `pay(with:)` return once the server has answered, with a
/// result the app switches on: never a state still in flight. Over real
/// HTTP on loopback to the sandbox.
@Suite("Awaited outcomes", .hangLimit)
struct AwaitedOutcomeTests {
    @Test("a good card: hold returns held, pay returns the confirmed trip, saved")
    func confirmed() async throws {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        let offer = try await fixture.firstOffer()
        guard case .held(let held) = try await fixture.client.hold(offer) else {
            Issue.record("expected held, got \(await fixture.client.state.stage.name)")
            return
        }
        #expect(held.offer == offer)
        let result = try await fixture.client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        guard case .confirmed(let trip) = result else {
            Issue.record("expected confirmed, got \(result)")
            return
        }
        #expect(trip.status == .confirmed)
        #expect(trip.isSavedOnDevice)
        #expect(try await fixture.client.savedTrips().map(\.id) == [trip.id])
        #expect(await fixture.client.state.stage.kind == .confirmed)
        await fixture.sandbox.stop()
    }

    @Test("a declined card keeps the room: declined, retry holds it again, another card confirms")
    func declinedThenRetry() async throws {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        try await fixture.client.hold(try await fixture.firstOffer())
        let declined = try await fixture.client.pay(
            with: PaymentToken("tok_chargeDeclined"), guest: BookingFlow.Samples.guest)
        #expect(declined == .declined)
        let kept = try await fixture.client.retry()
        guard case .held = kept else {
            Issue.record("expected held, got \(kept)")
            return
        }
        let paid = try await fixture.client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        guard case .confirmed = paid else {
            Issue.record("expected confirmed, got \(paid)")
            return
        }
        #expect(fixture.sandbox.transport.requests("POST", "/v1/holds").count == 1)
        await fixture.sandbox.stop()
    }

    @Test("3-D Secure: needsBankPage with the page; after the page, waitForPayment confirms")
    func bankPage() async throws {
        let fixture = try ClientFixture()
        let (url, booking) = try await fixture.waitingAtTheBanksPage()
        try await ClientFixture.answerChallenge(url.absoluteString, pass: true)
        try await fixture.client.returnedFromBank(for: booking)
        let settled = await fixture.client.waitForPayment()
        guard case .confirmed(let trip)? = settled else {
            Issue.record("expected confirmed, got \(String(describing: settled))")
            return
        }
        #expect(trip.id == booking)
        await fixture.sandbox.stop()
    }

    @Test("a lost answer is looked up inside pay: it returns the confirmed trip, charged once")
    func lostAnswer() async throws {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        try await fixture.client.hold(try await fixture.firstOffer())
        fixture.sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "drop-response-after-commit"))
        let result = try await fixture.client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        guard case .confirmed = result else {
            Issue.record("expected confirmed, got \(result)")
            return
        }
        #expect(await fixture.client.state.isAtRest)
        await fixture.sandbox.stop()
    }

    @Test("sold out and a new price are results of hold; accepting the price holds the room")
    func soldOutAndPriceChanged() async throws {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        let offer = try await fixture.firstOffer()
        fixture.sandbox.transport.inject(.init("POST", "/v1/holds", fault: "sold-out"))
        #expect(try await fixture.client.hold(offer) == .soldOut(offer.id))

        let other = try await fixture.client.offers(
            at: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!, guests: 2
        ).items[1]
        fixture.sandbox.transport.inject(.init("POST", "/v1/holds", fault: "price-changed"))
        let changed = try await fixture.client.hold(other)
        guard case .priceChanged(let change) = changed else {
            Issue.record("expected priceChanged, got \(changed)")
            return
        }
        guard case .held(let held) = try await fixture.client.acceptNewPrice() else {
            Issue.record("expected held after accepting the new price")
            return
        }
        #expect(held.hold.price == change.newQuote.price)
        await fixture.sandbox.stop()
    }

    @Test("an action the screen does not offer is refused with the action and the stage")
    func refused() async throws {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        await #expect(throws: BookingClientError.actionUnavailable(.pay, stage: "browsing", reason: nil)) {
            try await fixture.client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        }
        #expect(await fixture.client.waitForPayment() == nil)
        await fixture.sandbox.stop()
    }
}
