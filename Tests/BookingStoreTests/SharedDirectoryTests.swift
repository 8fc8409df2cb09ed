import BookingCore
import BookingSQLite
import BookingStore
import Foundation
import TestSupport
import Testing

/// The rules that keep a promise when several processes (the CLI, the
/// reconciliation job, the viewer) share one data directory: each test opens
/// two connections to one file, as two processes do.
@Suite struct SharedDirectoryTests {
    let directory = TemporaryDirectory("store-shared")

    @Test func aPaidAttemptIsNeverAbandonedWhateverCodeTriesIt() throws {
        let store = try BookingDatabase(directory: directory.path)
        for phase in [AttemptPhase.paymentSubmitted, .actionRequired, .processing] {
            let id = "paid-\(phase.rawValue)"
            try store.attempts.insert(Fixtures.attempt(id, phase: phase))
            // The old two-step abandon: read the row, then write ABANDONED
            // with the version it read. The schema skips it.
            let moved = try store.attempts.update(
                AttemptChange(
                    attemptID: AttemptID(id), phase: .abandoned, version: Version.none), at: Fixtures.epoch)
            #expect(!moved)
            #expect(try store.attempts.attempt(id: AttemptID(id))?.phase == phase)
            #expect(try !store.attempts.abandon(id: AttemptID(id), at: Fixtures.epoch))
        }
        // Raw SQL from any code is held to the same rule.
        try store.database.execute(
            "UPDATE booking_attempt SET status = 'ABANDONED' WHERE attempt_id = 'paid-PROCESSING'")
        #expect(try store.attempts.attempt(id: AttemptID("paid-PROCESSING"))?.phase == .processing)
    }

    @Test func abandonLosesToAPaymentCommittedByAnotherProcessFirst() throws {
        let holdRun = try BookingDatabase(directory: directory.path)
        let payRun = try BookingDatabase(directory: directory.path)
        try holdRun.attempts.insert(Fixtures.attempt("a1", phase: .held))
        // The hold run reads the attempt as held ...
        #expect(try holdRun.attempts.attempt(id: AttemptID("a1"))?.phase == .held)
        // ... the pay run commits PAYMENT_SUBMITTED ...
        #expect(
            try payRun.attempts.update(
                AttemptChange(
                    attemptID: AttemptID("a1"), phase: .paymentSubmitted, version: Version.none), at: Fixtures.epoch))
        // ... and the hold run's abandon changes nothing.
        #expect(try !holdRun.attempts.abandon(id: AttemptID("a1"), at: Fixtures.epoch))
        // The confirmation that follows still lands: the trip is kept.
        #expect(try payRun.saveConfirmation(trip: Fixtures.trip("b1"), attempt: AttemptID("a1"), at: Fixtures.epoch))
        #expect(try holdRun.attempts.attempt(id: AttemptID("a1"))?.phase == .confirmed)
        #expect(try holdRun.trips.trip(id: BookingID("b1")) != nil)
    }

    @Test func ofTwoProcessesPayingOneAttemptExactlyOneSubmitsIt() throws {
        let first = try BookingDatabase(directory: directory.path)
        let second = try BookingDatabase(directory: directory.path)
        try first.attempts.insert(Fixtures.held("a1"))
        #expect(try first.attempts.submitPayment(id: AttemptID("a1"), at: Fixtures.epoch))
        #expect(try !second.attempts.submitPayment(id: AttemptID("a1"), at: Fixtures.epoch))
        // A hold never granted cannot be paid either.
        try second.attempts.insert(Fixtures.attempt("a2", phase: .holdRequested))
        #expect(try !second.attempts.submitPayment(id: AttemptID("a2"), at: Fixtures.epoch))
    }

    @Test func aBookingTheServerIsProcessingEndsOnlyWithANewerServerVersion() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.attempt("a1", phase: .paymentSubmitted))
        #expect(
            try store.attempts.update(
                AttemptChange(
                    attemptID: AttemptID("a1"), phase: .processing, version: Fixtures.version(2)), at: Fixtures.epoch))
        // Another process's own conclusion, at the version it read: skipped.
        for phase in [AttemptPhase.failed, .expired] {
            #expect(
                try !store.attempts.update(
                    AttemptChange(
                        attemptID: AttemptID("a1"), phase: phase, version: Fixtures.version(2)), at: Fixtures.epoch))
        }
        #expect(try store.attempts.attempt(id: AttemptID("a1"))?.phase == .processing)
        // The server's newer answer still settles it.
        #expect(
            try store.saveConfirmation(
                trip: Fixtures.trip("b1", version: 3), attempt: AttemptID("a1"),
                at: Fixtures.epoch))
        #expect(try store.attempts.attempt(id: AttemptID("a1"))?.phase == .confirmed)
    }

    @Test func aProcesssOwnFailureEndsAHoldButNeverAPaymentAnotherProcessSent() throws {
        let payer = try BookingDatabase(directory: directory.path)
        let other = try BookingDatabase(directory: directory.path)
        try payer.attempts.insert(Fixtures.held("a1"))
        #expect(try payer.attempts.submitPayment(id: AttemptID("a1"), at: Fixtures.epoch))
        // The other process's save failed, so it sent nothing and concludes
        // FAILED: the payment in flight is not its to end.
        #expect(try !other.attempts.concludeHold(id: AttemptID("a1"), as: .failed, at: Fixtures.epoch))
        #expect(try other.attempts.attempt(id: AttemptID("a1"))?.phase == .paymentSubmitted)
        // A hold nobody paid ends as concluded.
        try other.attempts.insert(Fixtures.attempt("a2", phase: .held))
        #expect(try other.attempts.concludeHold(id: AttemptID("a2"), as: .expired, at: Fixtures.epoch))
        #expect(try payer.attempts.attempt(id: AttemptID("a2"))?.phase == .expired)
    }

    @Test func aNewHoldReplacesTheEarlierUnpaidHoldInOneTransaction() throws {
        let first = try BookingDatabase(directory: directory.path)
        let second = try BookingDatabase(directory: directory.path)
        #expect(try first.startAttempt(Fixtures.attempt("a1", phase: .held)).isEmpty)
        let replaced = try second.startAttempt(Fixtures.attempt("a2"))
        #expect(replaced.map(\.attemptID) == [AttemptID("a1")])
        #expect(try first.attempts.attempt(id: AttemptID("a1"))?.phase == .abandoned)
        #expect(try first.attempts.currentHold()?.attemptID == AttemptID("a2"))
        // The replaced attempt can no longer be paid: its move is skipped.
        #expect(
            try !first.attempts.update(
                AttemptChange(
                    attemptID: AttemptID("a1"), phase: .paymentSubmitted, version: Version.none), at: Fixtures.epoch))
    }

    @Test func aNewHoldNeverReplacesAnAttemptWhosePaymentMayHaveLeft() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.attempt("paid", phase: .paymentSubmitted))
        #expect(try store.startAttempt(Fixtures.attempt("next")).isEmpty)
        #expect(try store.attempts.attempt(id: AttemptID("paid"))?.phase == .paymentSubmitted)
        #expect(try store.attempts.nonFinal().count == 2)
    }

    @Test func twoHoldsCannotBothBeCurrent() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.attempts.insert(Fixtures.attempt("a1", phase: .held))
        let error = #expect(throws: SQLiteError.self) {
            try store.attempts.insert(Fixtures.attempt("a2", phase: .holdRequested))
        }
        #expect(error?.message.contains("booking_attempt_one_current_hold") == true)
        #expect(try store.attempts.count() == 1)
    }

    @Test func aFileWithSeveralHoldsFromTheOldSchemaKeepsOnlyTheNewest() throws {
        // Written as step 1 alone left it: two attempts held at once.
        let path = directory.file(BookingDatabase.fileName)
        let old = try Database(path: path)
        try Migrator(steps: Array(ClientSchema.bookingSteps.prefix(1))).migrate(old)
        for (id, status, created) in [
            ("older", "HELD", 1_000), ("newer", "HELD", 2_000), ("paid", "PAYMENT_SUBMITTED", 500),
        ] {
            try old.execute(
                """
                INSERT INTO booking_attempt (attempt_id, idempotency_key, offer_id, quote_id, status, created_at, updated_at)
                VALUES ('\(id)', 'key-\(id)', 'offer', 'quote', '\(status)', \(created), \(created))
                """)
        }

        let store = try BookingDatabase(directory: directory.path)
        #expect(try store.attempts.attempt(id: AttemptID("older"))?.phase == .abandoned)
        #expect(try store.attempts.attempt(id: AttemptID("newer"))?.phase == .held)
        #expect(try store.attempts.attempt(id: AttemptID("paid"))?.phase == .paymentSubmitted)
    }
}
