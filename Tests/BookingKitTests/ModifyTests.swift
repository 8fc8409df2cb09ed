import BookingAPI
import BookingCore
@_spi(Testing) import BookingKit
import BookingStore
import BookingTestSupport
import Foundation
import Testing

/// A change of dates follows the cancellation's pattern over real HTTP to
/// the sandbox: a quote first (nothing moves), the accepted request saved
/// with its key before the POST, a lost answer looked up, what is left open
/// settled by reconciliation. Every test ends with the ledger's difference
/// entries counted: exactly one per change.
@Suite struct ModifyTests {
    /// A confirmed booking on a fresh sandbox, its trip saved on the device,
    /// and the dates one night longer.
    /// A confirmed trip and the quote for one more night: the harness,
    /// the booking, its trip repository and the quote.
    private static func quoted(_ route: SandboxFixture.Route) async throws
        -> (Harness, BookingID, TripRepository, ModificationQuoteSnapshot)
    {
        let (harness, id, checkIn, checkOut) = try await confirmed(route)
        let trips = try harness.trips()
        return (harness, id, trips, try await trips.modificationQuote(id, checkIn: checkIn, checkOut: checkOut))
    }

    private static func confirmed(_ route: SandboxFixture.Route) async throws
        -> (Harness, BookingID, checkIn: CalendarDate, checkOut: CalendarDate)
    {
        let harness = try Harness(route: route)
        let trip = try await harness.bookAnOffer()
        let checkIn = try #require(CalendarDate(trip.record.checkIn))
        let checkOut = try #require(CalendarDate(trip.record.checkOut))
        let longer = try #require(CalendarDate(daysSince1970: checkOut.daysSince1970 + 1))
        return (harness, trip.record.bookingID, checkIn, longer)
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func anAcceptedQuoteChangesTheTripOnceAndTheTripShowsItOffline(route: SandboxFixture.Route) async throws {
        let (harness, id, trips, quote) = try await Self.quoted(route)
        #expect(quote.difference.minorUnits > 0)
        #expect(try await harness.differences(id) == 0)
        let booking = try await trips.modify(quote)
        #expect(booking.version.rawValue == 2)
        #expect(booking.checkOut == quote.checkOut)
        #expect(try await harness.differences(id) == 1)
        #expect(harness.modifyPosts(id).count == 1)
        let saved = try #require(try await trips.modifyRequests(for: id).first)
        #expect(saved.status == .modified)
        // Offline: the device's copy shows the new dates and version.
        let offline = try TripRepository(directory: harness.sandbox.clientDirectory, api: nil)
        let trip = try #require(try await offline.trip(id))
        #expect(trip.record.checkOut == quote.checkOut.description)
        #expect(trip.record.version.rawValue == 2)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases, TripChangeBoundary.all(.modify))
    func deathAtEveryBoundaryEndsOnTheNewVersionWithOneDifference(
        route: SandboxFixture.Route, boundary: TripChangeBoundary
    ) async throws {
        let (harness, id, checkIn, checkOut) = try await Self.confirmed(route)
        let quote = try await harness.trips().modificationQuote(id, checkIn: checkIn, checkOut: checkOut)
        await #expect(throws: ModifyError.stopped(boundary)) {
            try await harness.trips().modify(quote, boundary: { $0 != boundary })
        }
        let next = try harness.trips()
        let report = await next.settleCancels()
        #expect(report.errors == 0 && report.stillPending == 0, "\(report)")
        // What the report says it examined is what it then counts.
        #expect(report.examined == report.modified, "\(report)")
        if try await next.trip(id)?.record.version.rawValue == 1 {
            // Nothing was saved before the commit: the user asks again.
            #expect(boundary.moment == .beforeCommit)
            #expect(try await harness.differences(id) == 0)
            _ = try await next.modify(quote)
        }
        #expect(try await next.trip(id)?.record.version.rawValue == 2)
        #expect(try await next.trip(id)?.record.checkOut == checkOut.description)
        #expect(try await harness.differences(id) == 1)
        #expect(try await next.modifyRequests(for: id).map(\.status) == [.modified])
        #expect(Set(harness.modifyPosts(id).compactMap { $0.headers["Idempotency-Key"] }).count == 1)
        await harness.sandbox.stop()
    }

    @Test func aLostAnswerIsLookedUpNotChargedAgain() async throws {
        let (harness, id, trips, quote) = try await Self.quoted(.inProcess)
        harness.sandbox.transport.inject(
            .init("POST", "/v1/bookings/\(id)/modifications", fault: "drop-response-after-commit"))
        let booking = try await trips.modify(quote)
        #expect(booking.version.rawValue == 2)
        #expect(harness.sandbox.transport.requests("GET", "/v1/bookings/\(id)").count >= 1)
        #expect(try await harness.differences(id) == 1)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aStoredServerErrorSpendsTheKeyAndTheRequestIsRenewedThenChangesOnce(route: SandboxFixture.Route)
        async throws
    {
        let (harness, id, trips, quote) = try await Self.quoted(route)
        // Stored under the key and replayed on every resend under it.
        harness.sandbox.transport.inject(
            .init("POST", "/v1/bookings/\(id)/modifications", fault: "error-500-before-commit"))
        let booking = try await trips.modify(quote)
        #expect(booking.version.rawValue == 2)
        let keys = harness.modifyPosts(id).compactMap { $0.headers["Idempotency-Key"] }
        #expect(Set(keys).count == 2, "the spent key, then a new one: \(keys)")
        let requests = try await trips.modifyRequests(for: id)
        #expect(requests.map(\.status) == [.refused, .modified])
        #expect(requests.first?.reason == BookingDatabase.keySpentReason)
        #expect(try await harness.differences(id) == 1)
        await harness.sandbox.stop()
    }

    @Test func anExpiredQuoteClosesItsRequestAndTheNewQuoteIsAppliedOnce() async throws {
        let (harness, id, trips, quote) = try await Self.quoted(.loopback)
        harness.sandbox.clock.advance(seconds: 10 * 60)
        let (expiredID, newQuote) = try await refusedQuote({ _ = try await trips.modify(quote) }) {
            if case ModifyError.quoteExpired(let id, let newQuote) = $0 { (id, newQuote) } else { nil }
        }
        #expect(expiredID == id)
        #expect(newQuote.quoteId != quote.quoteId)
        #expect(try await trips.modifyRequests(for: id).map(\.reason) == ["QUOTE_EXPIRED"])
        #expect(try await harness.differences(id) == 0)
        #expect(try await trips.modify(newQuote).version.rawValue == 2)
        #expect(try await harness.differences(id) == 1)
        await harness.sandbox.stop()
    }

    @Test func badDatesAndACancelledTripAreNamedRefusalsAndNothingMoves() async throws {
        let (harness, id, checkIn, _) = try await Self.confirmed(.inProcess)
        let trips = try harness.trips()
        let past = try #require(CalendarDate("2020-01-01"))
        await #expect(throws: ModifyError.self) {
            try await trips.modificationQuote(id, checkIn: past, checkOut: checkIn)
        }
        do {
            _ = try await trips.modificationQuote(id, checkIn: past, checkOut: checkIn)
        } catch ModifyError.refused(_, let code, _) {
            #expect(code == "INVALID_DATES")
        }
        _ = try await trips.cancel(id)
        let later = try #require(CalendarDate(daysSince1970: checkIn.daysSince1970 + 2))
        await #expect(throws: ModifyError.notModifiable(id, .cancelled)) {
            try await trips.modificationQuote(id, checkIn: checkIn, checkOut: later)
        }
        #expect(try await harness.differences(id) == 0)
        await harness.sandbox.stop()
    }
}

extension Harness {
    /// The modification POSTs the sandbox saw for booking `id`.
    func modifyPosts(_ id: BookingID) -> [TransportRequest] {
        sandbox.transport.requests("POST", "/v1/bookings/\(id)/modifications")
    }

    /// The ledger's difference entries (charged or refunded) for booking `id`.
    func differences(_ id: BookingID) async throws -> Int {
        try await ledger().entries.filter { $0.kind.hasPrefix("difference_") && $0.bookingId == id.rawValue }.count
    }
}
