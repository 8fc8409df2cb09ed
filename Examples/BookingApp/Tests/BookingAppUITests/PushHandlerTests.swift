import BookingAppUI
import BookingKit
import BookingKitTesting
import Foundation
import Testing

/// A push names a booking; the app goes where the server's answer says.
@Suite struct PushHandlerTests {
    @Test func aPushNamingABookingOpensItsTripAndANonsensePushStays() async throws {
        let sandbox = try TestSandbox()
        let client = try sandbox.client()
        await client.launch()
        let page = try await client.offers(
            at: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!, guests: 2)
        try await client.hold(try #require(page.items.first))
        let paid = try await client.pay(
            with: PaymentToken("tok_visa"), guest: GuestDetails(name: "Ana Silva", email: "ana@example.com"))
        guard case .confirmed(let trip) = paid else {
            Issue.record("expected a booking, got \(paid)")
            return
        }
        let handler = PushHandler(client: client)
        #expect(await handler.handle(Data(#"{"bookingId":"\#(trip.id)"}"#.utf8)) == .trip(trip.id))
        #expect(await handler.handle(Data(#"{"bookingId":"bk_0000000000000000"}"#.utf8)) == .stay)
        #expect(await handler.handle(Data("not json".utf8)) == .stay)
        client.close()
    }
}
