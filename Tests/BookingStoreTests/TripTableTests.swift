import BookingCore
import BookingStore
import Foundation
import TestSupport
import Testing

private struct Enough: Error {}

@Suite struct TripTableTests {
    let directory = TemporaryDirectory("store-trips")

    @Test func anOlderVersionNeverOverwritesANewerTrip() throws {
        let store = try BookingDatabase(directory: directory.path)
        let newer = Fixtures.trip("b1", version: 8, status: .cancelled)
        #expect(try store.trips.upsert(newer))
        #expect(try !store.trips.upsert(Fixtures.trip("b1", version: 7)))
        #expect(try !store.trips.upsert(Fixtures.trip("b1", version: 8)))  // equal is not newer
        #expect(try store.trips.trip(id: BookingID("b1")) == newer)
        var newest = Fixtures.trip("b1", version: 9, status: .cancelled)
        newest.voucherCode = nil
        #expect(try store.trips.upsert(newest))
        #expect(try store.trips.trip(id: BookingID("b1")) == newest)
    }

    /// Every launch asks for the trips whose refund is pending; with
    /// 100,000 trips, walking the check-in index and reading every row to
    /// test its refund took 51 ms. The partial index holds only those.
    @Test func theTripsWithAPendingRefundAreReadFromTheirOwnIndex() throws {
        let store = try BookingDatabase(directory: directory.path)
        let money = Money(minorUnits: 36_228, currency: CurrencyCode("EUR")!)
        for (id, state) in [("b1", Refund.State.pending), ("b2", .succeeded), ("b3", .pending)] {
            var trip = Fixtures.trip(id, checkIn: id == "b3" ? "2026-10-01" : "2026-11-03", status: .cancelled)
            trip.refund = Refund(amount: money, state: state, updatedAtMilliseconds: 1_000)
            try store.trips.upsert(trip)
        }
        try store.trips.upsert(Fixtures.trip("b4"))
        #expect(try store.trips.pendingRefunds().map(\.rawValue) == ["b3", "b1"])
        let plan = try Fixtures.queryPlan(TripTable.pendingRefundsQuery, in: store.database)
        #expect(plan == ["SCAN trip USING INDEX trip_pending_refund"], "\(plan)")
    }

    @Test func tripsAreListedByCheckInOneRowAtATime() throws {
        let store = try BookingDatabase(directory: directory.path)
        for (id, checkIn) in [("b1", "2027-01-10"), ("b2", "2026-12-01"), ("b3", "2026-12-24")] {
            try store.trips.upsert(Fixtures.trip(id, checkIn: checkIn, checkOut: "2027-02-01"))
        }
        #expect(try store.trips.all().map(\.bookingID.rawValue) == ["b2", "b3", "b1"])
        // A reader can stop early; the walk ends without loading the rest.
        var seen: [String] = []
        #expect(throws: Enough.self) {
            try store.trips.forEach { trip in
                seen.append(trip.bookingID.rawValue)
                if seen.count == 2 { throw Enough() }
            }
        }
        #expect(seen == ["b2", "b3"])
    }

    @Test func theOldestSyncSaysHowOldTheOfflineCopyIs() throws {
        let store = try BookingDatabase(directory: directory.path)
        #expect(try store.trips.oldestSync() == nil)
        var trip = Fixtures.trip("b1")
        trip.syncedAt = Date(timeIntervalSince1970: 1_800_000_000.123)
        try store.trips.upsert(trip)
        #expect(try store.trips.oldestSync() == Date(timeIntervalSince1970: 1_800_000_000.123))
    }

    @Test func onlyConfirmedOrCancelledBookingsAreTrips() throws {
        let store = try BookingDatabase(directory: directory.path)
        #expect(throws: StoreError.self) { try store.trips.upsert(Fixtures.trip("b1", status: .processing)) }
        #expect(try store.trips.count() == 0)
    }
}
