import BookingKit
import BookingStore
import Foundation
import Testing

/// The library's `Trip.calendarEvent` gives the text `booking trips --ics`
/// prints (which maps the saved rows, `TripRecord.calendarEvent`), for a
/// booking and after its cancellation.
@Suite struct TripCalendarLibraryTests {
    @Test func aTripsCalendarFromTheLibraryMatchesTheCommandLinesAndFollowsACancellation() async throws {
        let fixture = try ClientFixture()
        let state = try await fixture.holdFirstOfferAndPay(with: "tok_visa")
        guard case .confirmed(let settled) = state.stage else {
            Issue.record("not confirmed: \(state.stage.name)")
            return
        }
        let id = settled.booking.id
        let confirmed = try await Self.texts(fixture)
        #expect(confirmed.library == confirmed.rows)
        #expect(confirmed.library.contains("\r\nUID:\(id.rawValue)@bookingkit\r\n"))
        #expect(confirmed.library.contains("\r\nSTATUS:CONFIRMED\r\n"))

        _ = try await fixture.client.cancel(id)
        let cancelled = try await Self.texts(fixture)
        #expect(cancelled.library == cancelled.rows)
        #expect(cancelled.library.contains("\r\nSTATUS:CANCELLED\r\n"))
        let trip = try await fixture.client.trip(id: id)
        #expect(trip.version.rawValue > 1)
        #expect(cancelled.library.contains("\r\nSEQUENCE:\(trip.version.rawValue)\r\n"))
    }

    static func texts(_ fixture: ClientFixture) async throws -> (library: String, rows: String) {
        let library = TripCalendar(events: try await fixture.client.savedTrips().compactMap(\.calendarEvent)).text
        let store = try BookingDatabase(directory: fixture.sandbox.clientDirectory)
        var events: [TripCalendar.Event] = []
        try store.trips.forEach(skipping: { _ in }) { if let event = $0.calendarEvent { events.append(event) } }
        return (library, TripCalendar(events: events).text)
    }
}
