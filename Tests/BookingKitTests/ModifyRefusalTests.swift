import BookingAPI
import BookingCore
import BookingHTTPServer
import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// Outside round 4, item 7: a change of dates the server made, answered
/// with a refusal (a `409 VERSION_CHANGED` in the contract's shape, as a
/// renewed key's second try gets once the first ran). The client said
/// "nothing changed, nothing charged or refunded" while the ledger had the
/// difference charged. Now a refusal is checked with a read of the
/// booking: on the new dates at a newer version, the change is saved as
/// made. Real HTTP over loopback, the real sandbox behind a front that
/// rewrites the answer, a real SQLite file.
@Suite struct ModifyRefusalTests {
    @Test func aRefusalForAChangeTheServerMadeIsReadAgainAndTheChangeIsSaved() async throws {
        let world = try RewritingFront { request, response in
            guard request.method == "POST", request.path.hasSuffix("/modifications"), response.status == 200 else {
                return response
            }
            let body = #"{"error":{"code":"VERSION_CHANGED","message":"The booking changed since it was quoted."}}"#
            return HTTPResponse(status: 409, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
        let (trips, id, _, later, quote) = try await Self.quotedOneNightLonger(world)

        let changed = try await trips.modify(quote)
        #expect(changed.checkOut == later)
        #expect(changed.version.rawValue == 2)
        #expect(try await trips.trip(id)?.record.checkOut == later.description)
        #expect(try await trips.modifyRequests(for: id).first?.status == .modified)
        #expect(world.requests.contains("GET /v1/bookings/\(id.rawValue)"), "\(world.requests)")
        let differences = try await world.api.sandboxLedger().entries.filter { $0.bookingId == id.rawValue }
        #expect(differences.count == 2, "the booking's charge and its one difference: \(differences)")
        await world.stop()
    }

    @Test func aRefusalForAChangeNotMadeSaysSoAfterReadingTheBooking() async throws {
        let world = try RewritingFront { _, response in response }
        let (trips, id, checkIn, later, quote) = try await Self.quotedOneNightLonger(world)
        // Another device changes the dates otherwise first: this quote's version is stale.
        let longest = try #require(CalendarDate(daysSince1970: later.daysSince1970 + 1))
        let other = try await trips.modificationQuote(id, checkIn: checkIn, checkOut: longest)
        _ = try await world.api.modify(id, quoteID: other.quoteId, version: other.version, key: IdempotencyKey("other"))

        await #expect(throws: ModifyError.self) { try await trips.modify(quote) }
        #expect(try await trips.modifyRequests(for: id).first { $0.quoteID == quote.quoteId }?.status == .refused)
        #expect(world.requests.contains("GET /v1/bookings/\(id.rawValue)"), "\(world.requests)")
        await world.stop()
    }

    /// A confirmed trip over `world`, and the quote for one more night.
    private static func quotedOneNightLonger(_ world: RewritingFront) async throws
        -> (TripRepository, BookingID, CalendarDate, CalendarDate, ModificationQuoteSnapshot)
    {
        let (trips, id) = try await world.confirmedTrip()
        let trip = try #require(try await trips.trip(id))
        let checkIn = try #require(CalendarDate(trip.record.checkIn))
        let checkOut = try #require(CalendarDate(trip.record.checkOut))
        let later = try #require(CalendarDate(daysSince1970: checkOut.daysSince1970 + 1))
        return (trips, id, checkIn, later, try await trips.modificationQuote(id, checkIn: checkIn, checkOut: later))
    }
}
