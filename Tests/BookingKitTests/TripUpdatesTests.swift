import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// `tripUpdates()` emits the trips on every change made through any
/// connection to the data directory: here a second client on the same
/// directory books, then cancels, and the first client's stream shows each.
@Suite("Trip updates", .hangLimit)
struct TripUpdatesTests {
    @Test("a second client books and cancels; the first client's stream emits both changes")
    func anotherClientsChanges() async throws {
        let fixture = try ClientFixture()
        let watching = fixture.client
        var updates = watching.tripUpdates(every: .milliseconds(20)).makeAsyncIterator()
        #expect(await updates.next() == [])

        let other = try ClientFixture.client(sandbox: fixture.sandbox)
        let booker = ClientFixture(sandbox: fixture.sandbox, client: other)
        let confirmed = try await booker.holdFirstOfferAndPay(with: "tok_visa")
        let id = try #require(confirmed.tripToLoad)
        let booked = await updates.next()
        #expect(booked?.map(\.id) == [id])
        #expect(booked?.first?.status == .confirmed)

        try await other.cancel(id)
        let cancelled = await updates.next()
        #expect(cancelled?.first?.status == .cancelled)
        await fixture.sandbox.stop()
    }
}
