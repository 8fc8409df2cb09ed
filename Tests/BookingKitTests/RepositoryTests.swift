import BookingAPI
import BookingCore
import BookingKit
import BookingStore
import BookingTestSupport
import Foundation
import TestSupport
import Testing

@Suite struct RepositoryTests {
    /// A held attempt through the repository alone (no flow).
    private func heldAttempt(_ harness: Harness) async throws -> SavedAttempt {
        let offer = try await harness.firstOffer()
        let record = try await harness.repository.startAttempt(offer: offer.id, quote: offer.quote.id)
        _ = try await harness.repository.requestHold(record.attemptID, anchor: BootClock.current())
        return try #require(try await harness.repository.attempt(record.attemptID))
    }

    @Test func nothingIsSentForAnAttemptThatWasNeverSaved() async throws {
        let harness = try Harness(route: .inProcess)
        await #expect(throws: RepositoryError.self) {
            _ = try await harness.repository.requestHold(AttemptID("never-saved"), anchor: nil)
        }
        let outcome = await harness.repository.sendPayment(AttemptID("never-saved"), token: PaymentToken("tok_visa"))
        guard case .notPayable = outcome else {
            Issue.record("got \(outcome)")
            return
        }
        #expect(harness.sandbox.transport.requests.filter { $0.method == "POST" }.isEmpty)
    }

    @Test func aPaymentIsOnlySentOnceItsSubmissionIsOnDisk() async throws {
        let harness = try Harness(route: .inProcess)
        let held = try await heldAttempt(harness)
        // Held, but the submission was not committed: sendPayment refuses.
        let refused = await harness.repository.sendPayment(held.attemptID, token: PaymentToken("tok_visa"))
        guard case .notPayable = refused else {
            Issue.record("got \(refused)")
            return
        }
        #expect(harness.sandbox.transport.requests("POST", "/v1/bookings").isEmpty)
        let paid = await harness.repository.pay(held.attemptID, token: PaymentToken("tok_visa"))
        guard case .answered(let booking) = paid else {
            Issue.record("got \(paid)")
            return
        }
        #expect(booking.state == .confirmed)
        #expect(
            harness.sandbox.transport.requests("POST", "/v1/bookings").first?.headers["Idempotency-Key"]
                == held.idempotencyKey.rawValue)
    }

    @Test func cancellingTheCallerNeverCancelsTheChargeInFlight() async throws {
        let harness = try Harness(route: .loopback)
        let held = try await heldAttempt(harness)
        harness.sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "delay-ms=400"))
        let caller = Task { await harness.repository.pay(held.attemptID, token: PaymentToken("tok_visa")) }
        // Cancelled once the charge is on the wire.
        #expect(await harness.sandbox.transport.arrival("POST", "/v1/bookings") != nil)
        caller.cancel()
        // The caller's wait ends with the charge's own task, which saves first.
        _ = await caller.value
        // The charge ran to its end and its outcome was saved.
        #expect(try await harness.repository.attempt(held.attemptID)?.phase == .confirmed)
        #expect(try await harness.ledger().chargeCount == 1)
        await harness.sandbox.stop()
    }

    @Test func aStaleAnswerNeverMovesTheAttemptBack() async throws {
        let harness = try Harness(route: .inProcess)
        let held = try await heldAttempt(harness)
        _ = await harness.repository.pay(held.attemptID, token: PaymentToken("tok_threeDSecureRequired"))
        let bookingID = try #require(try await harness.repository.attempt(held.attemptID)?.bookingID)
        let before = try await harness.api.booking(bookingID)
        try await harness.api.completeChallenge(bookingID, pass: true)
        let newer = try await harness.repository.refresh(held.attemptID)
        #expect(newer.version > before.version)
        // The older answer arrives late: nothing changes.
        #expect(try await !harness.repository.apply(before, to: held.attemptID))
        let saved = try #require(try await harness.repository.attempt(held.attemptID))
        #expect(saved.version == newer.version)
        // The sandbox answering a GET with a stale version changes nothing either.
        harness.sandbox.transport.inject(.init("GET", "/v1/bookings/", fault: "stale-version"))
        _ = try await harness.repository.refresh(held.attemptID)
        #expect(try await harness.repository.attempt(held.attemptID)?.version == newer.version)
    }

    @Test(.ownQueue, arguments: SandboxFixture.Route.allCases)
    func aKeyStillInUseIsRetriedWithTheSameKeyAndChargesOnce(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        let held = try await heldAttempt(harness)
        let holdID = try #require(held.holdID)
        let key = IdempotencyKey("shared-key-\(UUID().uuidString)")
        // Two clients send the same payment at once; the first is slow. The
        // second waits for real, 1, 2 and 4 s (the back-off), before trying
        // again: its fourth try, 7 s after its first, must find the first
        // done, and its first try must come while the first is running. 4 s
        // leaves 4 s for a loaded machine to send the second (1.5 s once did
        // not) and 3 s for the first to finish late.
        let api = harness.sandbox.client(sleeper: TaskSleeper())
        harness.sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "delay-ms=4000"))
        async let first = api.createBooking(hold: holdID, paymentToken: PaymentToken("tok_visa"), key: key)
        // The second is sent once the sandbox holds the first's key as running.
        // check-no-sleep: real time (the real sandbox over loopback claims the key on its own time)
        #expect(try await Poll.until { try await harness.sandbox.isRunning(key: key.rawValue) })
        async let second = api.createBooking(hold: holdID, paymentToken: PaymentToken("tok_visa"), key: key)
        let (a, b) = try await (first, second)
        #expect(a.bookingId == b.bookingId)
        let posts = harness.sandbox.transport.requests("POST", "/v1/bookings")
        #expect(posts.count >= 3)  // the second was answered 409 IN_USE at least once, then retried
        #expect(posts.allSatisfy { $0.headers["Idempotency-Key"] == key.rawValue })
        #expect(try await harness.ledger().chargeCount == 1)
        await harness.sandbox.stop()
    }
}
