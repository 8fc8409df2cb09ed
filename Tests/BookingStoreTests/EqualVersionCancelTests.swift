import BookingCore
import BookingStore
import Foundation
import TestSupport
import Testing

/// Hardening round 3, item 4: a cancel answer that said `CONFIRMED` at the
/// version the server had already cancelled stuck for good, since the
/// server's later word (`CANCELLED`, same version) is not newer. At equal
/// versions a `CANCELLED` replaces a `CONFIRMED` (a booking the server
/// cancelled is never confirmed again); everything else stays forward-only.
@Suite struct EqualVersionCancelTests {
    let directory = TemporaryDirectory("store-equal-version-cancel")

    @Test func aCancelledTripReplacesAConfirmedOneOfTheSameVersionAndNeverTheOtherWay() throws {
        let store = try BookingDatabase(directory: directory.path)
        #expect(try store.trips.upsert(Fixtures.trip("b1", version: 2)))
        var cancelled = Fixtures.trip("b1", version: 2, status: .cancelled)
        cancelled.voucherCode = nil
        #expect(try store.trips.upsert(cancelled))
        #expect(try store.trips.trip(id: BookingID("b1")) == cancelled)

        // Never back: a confirmed copy of that version, or an older one of either.
        #expect(try !store.trips.upsert(Fixtures.trip("b1", version: 2)))
        #expect(try !store.trips.upsert(Fixtures.trip("b1", version: 1, status: .cancelled)))
        #expect(try !store.trips.upsert(cancelled))  // the same word again changes nothing
        #expect(try store.trips.trip(id: BookingID("b1")) == cancelled)

        // An older cancelled copy never replaces a newer confirmed one.
        #expect(try store.trips.upsert(Fixtures.trip("b2", version: 3)))
        #expect(try !store.trips.upsert(Fixtures.trip("b2", version: 2, status: .cancelled)))
        #expect(try store.trips.trip(id: BookingID("b2"))?.status == .confirmed)
    }
}
