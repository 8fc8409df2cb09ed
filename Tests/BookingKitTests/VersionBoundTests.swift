import BookingAPI
import BookingCore
import BookingHTTPServer
import BookingPrimitives
import BookingStore
import BookingTestSupport
import Foundation
import Testing

@testable import BookingKit

/// A version is the contract's (from 1, rising by one a change, at most
/// `Version.contractRange`'s bound): one absurd answer never freezes a trip
/// on the device, and a saved version no server keeps gives way to the
/// server's answer, read again by id.
@Suite(.hangLimit) struct VersionBoundTests {
    /// A confirmed booking of the sandbox's first Lisbon offer, made through `api`.
    static func book(_ api: BookingAPIClient) async throws -> BookingSnapshot {
        let offer = try await Harness.firstOffer(from: api)
        let hold = try await api.createHold(
            offer: offer.id, quote: offer.quote.id, key: IdempotencyKey(UUID().uuidString.lowercased()))
        return try await api.createBooking(
            hold: hold.holdId, paymentToken: PaymentToken("tok_visa"),
            key: IdempotencyKey(UUID().uuidString.lowercased()))
    }

    @Test(arguments: [0, 1_000_001, 9_007_199_254_740_991] as [Int64])
    func anAnswerWithAVersionOutsideTheContractIsRefusedAndTheRealCancellationShows(version: Int64) async throws {
        let absurd = Locked(true)
        let front = try RewritingFront { request, response in
            guard absurd.withLock({ $0 }), request.method == "GET", request.target.hasPrefix("/v1/bookings") else {
                return response
            }
            return RewritingFront.rewritingJSON(response) { object in
                guard var items = object["items"] as? [[String: Any]] else { return }
                for index in items.indices { items[index]["version"] = version }
                object["items"] = items
            }
        }
        let booking = try await Self.book(front.api)
        let trips = try TripRepository(directory: front.sandbox.clientDirectory, api: front.api)
        await #expect(throws: APIError.self) { try await trips.sync() }
        #expect(try await trips.trip(booking.bookingId) == nil, "nothing absurd was saved")

        absurd.withLock { $0 = false }
        _ = try await front.api.cancel(
            booking.bookingId, version: booking.version, key: IdempotencyKey(UUID().uuidString.lowercased()))
        try await trips.sync()
        #expect(try await trips.trip(booking.bookingId)?.record.status == .cancelled)
        await front.stop()
    }

    @Test func aSavedVersionNoServerKeepsGivesWayToTheServersAnswerReadAgainById() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let api = sandbox.client()
        let booking = try await Self.book(api)
        // A copy saved by an older build from a broken answer.
        var frozen = BookingRepository.trip(from: booking, syncedAt: Date())
        frozen.version = Version(rawValue: 9_007_199_254_740_991)!
        try BookingDatabase(directory: sandbox.clientDirectory).trips.upsert(frozen)

        _ = try await api.cancel(
            booking.bookingId, version: booking.version, key: IdempotencyKey(UUID().uuidString.lowercased()))
        let trips = try TripRepository(directory: sandbox.clientDirectory, api: api)
        try await trips.sync()
        let trip = try #require(try await trips.trip(booking.bookingId))
        #expect(trip.record.status == .cancelled, "the real cancellation shows")
        #expect(trip.record.version == Version(rawValue: 2), "the server's version, read again by id, wins")
        let reads = sandbox.transport.requests("GET", "/v1/bookings/\(booking.bookingId.rawValue)")
        #expect(reads.count == 1)
    }
}
