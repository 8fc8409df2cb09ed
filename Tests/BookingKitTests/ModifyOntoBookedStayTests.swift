import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// One stay is never booked twice by accident, through a change of dates
/// either (issue 36, item 3; found by the simulation's I16 in 1 of 100,000
/// seeds: two bookings of one room moved onto the same dates). Moving a
/// booking onto the dates of another confirmed booking of the same room
/// asks first, as a new hold does. Real sandbox over loopback, the app's
/// client, a real SQLite file.
@Suite struct ModifyOntoBookedStayTests {
    @Test func movingABookingOntoAnotherBookingsDatesAsksFirst() async throws {
        let fixture = try ClientFixture()
        let client = fixture.client
        await client.launch()
        let offer = try await fixture.firstOffer()
        guard case .held = try await client.hold(offer),
            case .confirmed(let first) = try await client.pay(
                with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        else {
            Issue.record("the first booking did not confirm")
            return
        }
        guard case .held = try await client.hold(offer, bookingAgain: true),
            case .confirmed(let second) = try await client.pay(
                with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        else {
            Issue.record("the second room, booked on purpose, did not confirm")
            return
        }
        // The second room moves to other dates, then back onto the first's.
        let later = try #require(CalendarDate("2026-12-05"))
        let laterOut = try #require(CalendarDate("2026-12-06"))
        try await client.modify(try await client.modificationQuote(for: second.id, checkIn: later, checkOut: laterOut))
        await #expect(throws: BookingClientError.alreadyBooked(first.id)) {
            _ = try await client.modificationQuote(for: second.id, checkIn: offer.checkIn, checkOut: offer.checkOut)
        }
        // Asked and confirmed: the quote is given.
        let quote = try await client.modificationQuote(
            for: second.id, checkIn: offer.checkIn, checkOut: offer.checkOut, bookingAgain: true)
        #expect(quote.checkIn == offer.checkIn)
        await fixture.sandbox.stop()
    }
}
