import BookingCore
import Foundation
import Testing

@testable import BookingKit

/// A full disk says so: the storage is full and nothing was sent, never
/// "could not reach the server".
@Suite struct FullDiskTests {
    @Test func aHoldWithTheDiskFullSaysTheStorageIsFullAndSendsNothing() async throws {
        let harness = try Harness(route: .inProcess)
        let offer = try await harness.firstOffer()
        try await harness.repository.fillTheDisk(when: "INSERT")
        let (attempt, key) = Harness.newAttempt()
        await harness.flow.send(.offerChosen(offer))
        await harness.flow.send(.holdTapped(attempt: attempt, key: key))
        let state = await harness.waitForFinal()
        #expect(state.stage.kind == .failed)
        #expect(state.title == "The device's storage is full")
        #expect(state.message == BookingFlow.storageFullMessage)
        #expect(state.message?.contains("nothing was sent") == true)
        #expect(state.message?.contains("reach the server") == false)
        #expect(harness.sandbox.transport.requests("POST", "/v1/holds").isEmpty)
    }

    @Test func aPaymentWithTheDiskFullSaysTheStorageIsFullAndChargesNothing() async throws {
        let harness = try Harness(route: .inProcess)
        _ = try await harness.holdAnOffer()
        try await harness.repository.fillTheDisk(when: "UPDATE")
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        let state = await harness.waitForFinal()
        #expect(state.stage.kind == .failed)
        #expect(state.message == BookingFlow.storageFullMessage)
        #expect(state.message?.contains("reach the server") == false)
        #expect(harness.sandbox.transport.requests("POST", "/v1/bookings").isEmpty)
        #expect(try await harness.ledger().chargeCount == 0)
    }

    /// `booking pay` once the disk filled, the room still held: the launch
    /// reads the hold again and cannot save its answer, which is no reason
    /// to say the server could not be reached. The room shows held; Pay,
    /// whose `PAYMENT_SUBMITTED` cannot be saved, ends in "storage full,
    /// nothing was sent"; the row stays as it was.
    @Test func payingAHeldRoomOnceTheDiskFilledSaysTheStorageIsFullAndSendsNothing() async throws {
        let harness = try Harness(route: .inProcess)
        let attempt = try await harness.holdAnOffer()
        try harness.restart()  // `booking pay`: a new process on the same files
        try await harness.repository.fillTheDisk(when: "UPDATE")
        let before = try #require(try await harness.repository.attempt(attempt))
        // A minute passes on the server: the read's answer (a minute less)
        // must be saved, so the full disk is met (an unchanged answer is
        // not written again).
        harness.sandbox.clock.advance(milliseconds: 60_000)
        let launch = await harness.repository.reconcile()  // as every launch does
        #expect(launch.errors == 1, "reconciliation, whose work is the save, reports the read it could not save")
        try await harness.runtime.restore()
        let restored = await harness.waitFor { $0.pendingWork == nil || $0.pendingWork == .holdTimer }
        #expect(restored.message?.contains("reach the server") == false, "\(restored.message ?? "")")
        try #require(restored.stage.kind == .held, "expected held, got \(restored.stage.name)")

        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))

        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: harness.runtime.holdNow()))
        let state = await harness.waitForFinal()
        #expect(state.stage.kind == .failed)
        #expect(state.message == BookingFlow.storageFullMessage)
        #expect(harness.sandbox.transport.requests("POST", "/v1/bookings").isEmpty)
        #expect(try await harness.ledger().chargeCount == 0)
        #expect(try await harness.repository.attempt(attempt) == before)
    }

    /// One writer per answer: the repository saves the payment's answer (the
    /// trip and `CONFIRMED`, in one transaction) where it receives it, and
    /// nothing else writes it. When that save fails, the row keeps
    /// `PAYMENT_SUBMITTED` and the next launch's reconcile settles it.
    @Test func aConfirmedAnswerThatCannotBeSavedBecomesATripAtTheNextLaunch() async throws {
        let harness = try Harness(route: .inProcess)
        let attempt = try await harness.holdAnOffer()
        try await harness.repository.fillTheDisk(when: "UPDATE", onlyTo: .confirmed)
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        let state = await harness.waitForFinal()
        guard case .confirmed(let settled) = state.stage else {
            Issue.record("expected confirmed, got \(state.stage.name)")
            return
        }
        #expect(try await harness.repository.attempt(attempt)?.phase == .paymentSubmitted)
        #expect(try await harness.repository.hasTrip(settled.booking.id) == false)
        // Never announced as what the device did not save: confirmed on the
        // server, shown once saved; no trip to open, none "available offline".
        #expect(state.title == "Booking confirmed on the server")
        #expect(state.message?.contains("available offline") == false, "\(state.message ?? "")")
        #expect(state.message?.contains("confirmed on the server") == true, "\(state.message ?? "")")
        #expect(state.message?.contains("once saved") == true, "\(state.message ?? "")")
        #expect(state.tripToLoad == nil)
        #expect(state.navigation == nil)

        try harness.restart()  // the next launch: a new connection, a disk with room
        let report = await harness.repository.reconcile()
        #expect(report.confirmed == 1)
        #expect(try await harness.repository.attempt(attempt)?.phase == .confirmed)
        #expect(try await harness.repository.hasTrip(settled.booking.id))
        #expect(harness.sandbox.transport.requests("POST", "/v1/bookings").count == 1)
        try await harness.expectNoDoubleCharge()
    }
}

extension BookingRepository {
    /// Makes the next `statement` on an attempt fail with `SQLITE_FULL`, as a
    /// full disk would: the connection may not grow the file, and a trigger
    /// on this connection only makes that statement need a megabyte more.
    /// With `phase`, only a statement that moves an attempt to it fails.
    func fillTheDisk(when statement: String, onlyTo phase: AttemptPhase? = nil) throws {
        let database = store.database
        let condition = phase.map { "WHEN NEW.status = '\($0.rawValue)'" } ?? ""
        try database.execute("CREATE TABLE IF NOT EXISTS main.test_disk_filler (x BLOB)")
        try database.execute(
            """
            CREATE TEMP TRIGGER test_fill_the_disk AFTER \(statement) ON main.booking_attempt \(condition)
            BEGIN INSERT INTO test_disk_filler VALUES (zeroblob(1048576)); END
            """)
        let pages = try database.pragma("page_count") ?? "1"
        try database.pragma("max_page_count", set: pages)
    }
}
