import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import Testing

@Suite struct LostAnswerOverHTTPTests {
    /// Regression: libcurl used to re-send a POST whose reused keep-alive
    /// connection was closed without an answer; the payment went out twice
    /// (harmless only thanks to the key) and the loss surfaced as a 408
    /// after 10 s instead of an unknown outcome.
    @Test func aDroppedPaymentAnswerIsAnUnknownOutcomeAndThePaymentLeftOnce() async throws {
        let fixture = try SandboxFixture(route: .loopback)
        let api = fixture.client()
        let page = try await api.offers(
            placeID: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!,
            guests: 2)
        let offer = try #require(page.items.first)
        let hold = try await api.createHold(offer: offer.offerId, quote: offer.quoteId, key: IdempotencyKey("hold-1"))
        fixture.transport.inject(.init("POST", "/v1/bookings", fault: "drop-response-after-commit"))
        let error = await #expect(throws: APIError.self) {
            try await api.createBooking(
                hold: hold.holdId, paymentToken: PaymentToken("tok_visa"), key: IdempotencyKey("pay-1"))
        }
        guard case .unknownOutcome? = error else {
            Issue.record("expected an unknown outcome, got \(String(describing: error))")
            return
        }
        #expect(fixture.transport.requests("POST", "/v1/bookings").count == 1)
        // The server did book it: the lookup by key finds it, charged once.
        let found = try await api.booking(forAttempt: IdempotencyKey("pay-1"))
        #expect(found?.state == .confirmed)
        #expect(try await api.sandboxLedger().chargeCount == 1)
        await fixture.stop()
    }
}
