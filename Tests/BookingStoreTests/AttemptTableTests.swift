import BookingCore
import BookingSQLite
import BookingStore
import Foundation
import TestSupport
import Testing

@Suite struct AttemptTableTests {
    let directory = TemporaryDirectory("store-attempts")

    private func update(
        _ id: String, _ phase: AttemptPhase, version: Int64, holdID: String? = nil,
        bookingID: String? = nil
    ) -> AttemptChange {
        AttemptChange(
            attemptID: AttemptID(id), phase: phase, version: Fixtures.version(version),
            holdID: holdID.map(HoldID.init(rawValue:)), bookingID: bookingID.map(BookingID.init(rawValue:)))
    }

    private static let later = Fixtures.epoch.addingTimeInterval(60)

    @Test func aSavedAttemptIsFoundByIdAndByKey() throws {
        let store = try BookingDatabase(directory: directory.path)
        let record = Fixtures.attempt("a1")
        try store.attempts.insert(record)
        #expect(try store.attempts.attempt(id: AttemptID("a1")) == record)
        #expect(try store.attempts.attempt(key: IdempotencyKey("key-a1")) == record)
        #expect(try store.attempts.attempt(id: AttemptID("nope")) == nil)
    }

    @Test func aSecondAttemptWithTheSameKeyIsRefusedAndTheFirstKept() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.attempt("a1"))
        var clash = Fixtures.attempt("a2")
        clash.attempt = Fixtures.identity("a2", key: "key-a1")
        let error = #expect(throws: SQLiteError.self) { try store.attempts.insert(clash) }
        #expect(error?.isConstraintViolation == true)
        #expect(try store.attempts.count() == 1)
        #expect(try store.attempts.attempt(key: IdempotencyKey("key-a1"))?.attemptID == AttemptID("a1"))
    }

    @Test func anAttemptMovesForwardThroughItsPhases() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.attempt("a1"))
        #expect(try store.attempts.update(update("a1", .held, version: 0, holdID: "h1"), at: Self.later))
        #expect(try store.attempts.update(update("a1", .paymentSubmitted, version: 0), at: Self.later))
        #expect(try store.attempts.update(update("a1", .actionRequired, version: 3, bookingID: "b1"), at: Self.later))
        #expect(try store.attempts.update(update("a1", .processing, version: 4), at: Self.later))
        let saved = try #require(try store.attempts.attempt(id: AttemptID("a1")))
        #expect(saved.phase == .processing)
        #expect(saved.version == Fixtures.version(4))
        #expect(saved.holdID == HoldID("h1"))  // kept when the update had none
        #expect(saved.bookingID == BookingID("b1"))
    }

    @Test func anOlderVersionChangesNothing() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.attempt("a1"))
        #expect(try store.attempts.update(update("a1", .processing, version: 7, bookingID: "b1"), at: Self.later))
        #expect(try !store.attempts.update(update("a1", .actionRequired, version: 6), at: Self.later))
        let saved = try #require(try store.attempts.attempt(id: AttemptID("a1")))
        #expect(saved.phase == .processing)
        #expect(saved.version == Fixtures.version(7))
    }

    @Test func theSameVersionCannotMoveToAnEarlierPhase() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.attempt("a1"))
        #expect(try store.attempts.update(update("a1", .paymentSubmitted, version: 0), at: Self.later))
        #expect(try !store.attempts.update(update("a1", .held, version: 0), at: Self.later))
        #expect(try store.attempts.attempt(id: AttemptID("a1"))?.phase == .paymentSubmitted)
    }

    @Test func theRuleHoldsForRawSQLToo() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.attempt("a1"))
        #expect(try store.attempts.update(update("a1", .processing, version: 9), at: Self.later))
        try store.database.execute("UPDATE booking_attempt SET version = 1, status = 'HELD'")
        #expect(store.database.changes == 0)
        #expect(try store.attempts.attempt(id: AttemptID("a1"))?.version == Fixtures.version(9))
    }

    @Test func aFinalAttemptStaysFinal() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.attempt("a1"))
        #expect(try store.attempts.update(update("a1", .failed, version: 2, bookingID: "b1"), at: Self.later))
        #expect(try !store.attempts.update(update("a1", .processing, version: 3), at: Self.later))
        #expect(try !store.attempts.update(update("a1", .confirmed, version: 9), at: Self.later))
        #expect(try store.attempts.attempt(id: AttemptID("a1"))?.phase == .failed)
    }

    @Test func aLearnedBookingIdIsNeverReplacedByAnother() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.attempt("a1"))
        #expect(try store.attempts.update(update("a1", .processing, version: 2, bookingID: "b1"), at: Self.later))
        let error = #expect(throws: SQLiteError.self) {
            try store.attempts.update(update("a1", .processing, version: 3, bookingID: "b-other"), at: Self.later)
        }
        #expect(error?.message.contains("identity") == true)
        #expect(try store.attempts.attempt(id: AttemptID("a1"))?.bookingID == BookingID("b1"))
    }

    @Test func nonFinalListsOnlyAttemptsLeftToReconcileOldestFirst() throws {
        let store = try BookingDatabase(directory: directory.path)
        let phases: [AttemptPhase] = [.processing, .confirmed, .holdRequested, .failed, .paymentSubmitted, .abandoned]
        for (offset, phase) in phases.enumerated() {
            try store.attempts.insert(
                Fixtures.attempt(
                    "a\(offset)", phase: phase,
                    createdAt: Fixtures.epoch.addingTimeInterval(Double(100 - offset))))
        }
        let open = try store.attempts.nonFinal()
        #expect(open.map(\.attemptID.rawValue) == ["a4", "a2", "a0"])
        #expect(open.allSatisfy { !$0.phase.isFinal })
        #expect(try store.attempts.latest()?.attemptID == AttemptID("a0"))
    }

    @Test func aConfirmationSavesTheTripAndFinalizesTheAttemptTogether() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.attempt("a1", phase: .paymentSubmitted))
        let trip = Fixtures.trip("b1", version: 4)
        #expect(try store.saveConfirmation(trip: trip, attempt: AttemptID("a1"), at: Fixtures.epoch))
        #expect(try store.trips.trip(id: BookingID("b1")) == trip)
        let attempt = try #require(try store.attempts.attempt(id: AttemptID("a1")))
        #expect(attempt.phase == .confirmed)
        #expect(attempt.bookingID == BookingID("b1"))
        #expect(try store.attempts.nonFinal().isEmpty)
    }

    @Test func aConfirmationThatCannotSaveItsTripLeavesTheAttemptOpen() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.attempt("a1", phase: .paymentSubmitted))
        let broken = Fixtures.trip("b1", checkIn: "2026-11-05", checkOut: "2026-11-03")  // out before in
        #expect(throws: SQLiteError.self) {
            try store.saveConfirmation(trip: broken, attempt: AttemptID("a1"), at: Fixtures.epoch)
        }
        #expect(try store.attempts.attempt(id: AttemptID("a1"))?.phase == .paymentSubmitted)
        #expect(try store.trips.count() == 0)
    }
}
