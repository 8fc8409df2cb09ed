import BookingCore
import BookingSQLite
import BookingStore
import Foundation
import TestSupport
import Testing

@Suite struct CancelTableTests {
    let directory = TemporaryDirectory("store-cancels")

    private func request(_ booking: String, key: String, version: Int64 = 5) -> CancelRequest {
        CancelRequest(
            idempotencyKey: IdempotencyKey(key), bookingID: BookingID(booking), version: Fixtures.version(version),
            createdAt: Fixtures.epoch)
    }

    /// A cancellation written by hand, past the table's code.
    private static let insertCancel =
        "INSERT INTO sent_request (idempotency_key, kind, booking_id, version, status, created_at, updated_at)"

    @Test func aSavedRequestSurvivesAReopenWithItsKeyAndVersion() throws {
        let saved = request("b1", key: "k1", version: 7)
        do {
            let store = try BookingDatabase(directory: directory.path)
            try store.cancels.insert(saved)
        }
        let reopened = try BookingDatabase(directory: directory.path)
        #expect(try reopened.cancels.open(for: BookingID("b1")) == saved)
        #expect(try reopened.cancels.allOpen() == [saved])
        #expect(try reopened.cancels.request(key: IdempotencyKey("k1"))?.version == Fixtures.version(7))
    }

    @Test func theAcceptedQuoteIsSavedWithTheRequestAndSurvivesAReopen() throws {
        var saved = request("b1", key: "k1", version: 7)
        saved.quoteID = "cq_0123456789abcdef"
        do {
            let store = try BookingDatabase(directory: directory.path)
            try store.cancels.insert(saved)
            #expect(throws: SQLiteError.self) { try store.cancels.insert(request("b2", key: "k2").withQuote("")) }
        }
        let reopened = try BookingDatabase(directory: directory.path)
        #expect(try reopened.cancels.open(for: BookingID("b1")) == saved)
        #expect(try reopened.cancels.allOpen().map(\.quoteID) == ["cq_0123456789abcdef"])
    }

    @Test func aBookingHasAtMostOneOpenRequest() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.cancels.insert(request("b1", key: "k1"))
        #expect(throws: SQLiteError.self) { try store.cancels.insert(request("b1", key: "k2")) }
        // Another booking is its own request; a finished one frees the booking.
        try store.cancels.insert(request("b2", key: "k3"))
        #expect(try store.cancels.finish(IdempotencyKey("k1"), as: .refused, reason: "VERSION_CONFLICT", at: Date()))
        try store.cancels.insert(request("b1", key: "k4", version: 6))
        #expect(try store.cancels.requests(for: BookingID("b1")).map(\.idempotencyKey.rawValue) == ["k1", "k4"])
        #expect(try store.cancels.allOpen().map(\.idempotencyKey.rawValue) == ["k3", "k4"])
    }

    @Test func aFinishedRequestStaysFinished() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.cancels.insert(request("b1", key: "k1"))
        #expect(try store.cancels.finish(IdempotencyKey("k1"), as: .cancelled, at: Date()))
        // A second process's late conclusion changes nothing, not even through raw SQL.
        #expect(try !store.cancels.finish(IdempotencyKey("k1"), as: .refused, reason: "NOT_FOUND", at: Date()))
        try store.database.execute("UPDATE sent_request SET status = 'OPEN' WHERE idempotency_key = 'k1'")
        let row = try #require(try store.cancels.request(key: IdempotencyKey("k1")))
        #expect(row.status == .cancelled)
        #expect(row.reason == nil)
        #expect(throws: StoreError.self) { try store.cancels.finish(IdempotencyKey("k1"), as: .open, at: Date()) }
    }

    @Test func whatARequestSendsNeverChanges() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.cancels.insert(request("b1", key: "k1", version: 5))
        for change in [
            "version = 6", "booking_id = 'b2'", "idempotency_key = 'k9'", "created_at = 1", "quote_id = 'cq_1'",
            "kind = 'ABANDON', attempt_id = 'a1', release_hold = 0, version = NULL",
        ] {
            #expect(throws: SQLiteError.self) {
                try store.database.execute("UPDATE sent_request SET \(change) WHERE idempotency_key = 'k1'")
            }
        }
        #expect(try store.cancels.open(for: BookingID("b1")) == request("b1", key: "k1", version: 5))
    }

    @Test func badValuesAreRefusedAndNothingIsWritten() throws {
        let store = try BookingDatabase(directory: directory.path)
        #expect(throws: SQLiteError.self) { try store.cancels.insert(request("b1", key: "")) }
        #expect(throws: SQLiteError.self) { try store.cancels.insert(request("b1", key: "k1", version: 0)) }
        #expect(throws: SQLiteError.self) {
            try store.database.execute(
                "\(Self.insertCancel) VALUES ('k2', 'CANCEL', 'b1', 3, 'LOST', 0, 0)")
        }
        #expect(try store.cancels.allOpen().isEmpty)
    }

    /// The kinds share one table: one booking's open cancellation, change of
    /// dates and page left are three rows, each read and finished only as
    /// its kind.
    @Test func eachKindReadsAndFinishesOnlyItsOwnRows() throws {
        let store = try BookingDatabase(directory: directory.path)
        let booking = BookingID("b1")
        let euros = { (amount: Int64) in Money(minorUnits: amount, currency: CurrencyCode("EUR")!) }
        try store.cancels.insert(request("b1", key: "k1"))
        try store.modifies.insert(
            ModifyRequest(
                idempotencyKey: IdempotencyKey("k2"), bookingID: booking, quoteID: "mq_1", version: Fixtures.version(5),
                checkIn: CalendarDate("2027-01-10")!, checkOut: CalendarDate("2027-01-12")!, total: euros(20_000),
                difference: euros(-500), createdAt: Fixtures.epoch))
        try store.abandons.save(
            AbandonRequest(
                bookingID: booking, attemptID: AttemptID("a1"), releasesHold: false, createdAt: Fixtures.epoch))

        #expect(try store.abandons.finish(booking, as: .abandoned, at: Date()))
        #expect(try store.cancels.open(for: booking)?.idempotencyKey == IdempotencyKey("k1"))
        #expect(try store.modifies.open(for: booking)?.idempotencyKey == IdempotencyKey("k2"))
        #expect(try store.cancels.requests(for: booking).count == 1)
        #expect(try store.abandons.all().map(\.status) == [.abandoned])
        #expect(try store.finishCancel(IdempotencyKey("k1"), as: .cancelled, trip: nil, at: Date()))
        #expect(try store.modifies.allOpen().map(\.idempotencyKey) == [IdempotencyKey("k2")])
    }

    @Test func theAnswerAndTheTripAreSavedTogether() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.trips.upsert(Fixtures.trip("b1", version: 5))
        try store.cancels.insert(request("b1", key: "k1", version: 5))
        #expect(
            try store.finishCancel(
                IdempotencyKey("k1"), as: .cancelled, trip: Fixtures.trip("b1", version: 6, status: .cancelled),
                at: Date()))
        #expect(try store.trips.trip(id: BookingID("b1"))?.status == .cancelled)
        #expect(try store.cancels.request(key: IdempotencyKey("k1"))?.status == .cancelled)
        // A trip that cannot be saved leaves the request open: both or neither.
        try store.cancels.insert(request("b2", key: "k2"))
        #expect(throws: StoreError.self) {
            try store.finishCancel(
                IdempotencyKey("k2"), as: .cancelled, trip: Fixtures.trip("b2", status: .processing), at: Date())
        }
        #expect(try store.cancels.open(for: BookingID("b2")) != nil)
    }

    @Test func anUnreadableRowIsAnErrorNotACrash() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.database.execute("PRAGMA ignore_check_constraints = ON")
        try store.database.execute("\(Self.insertCancel) VALUES ('k1', 'CANCEL', 'b1', 3, 'LOST', 0, 0)")
        #expect(throws: StoreError.self) { try store.cancels.requests(for: BookingID("b1")) }
        #expect(throws: StoreError.self) { try store.cancels.request(key: IdempotencyKey("k1")) }
    }
}

extension CancelRequest {
    /// The request with `quoteID` as its accepted quote.
    fileprivate func withQuote(_ quoteID: String) -> CancelRequest {
        var request = self
        request.quoteID = quoteID
        return request
    }
}
