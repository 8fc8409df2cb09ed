import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// A payment the server never took ends, within the hold's time, either
/// confirmed by the same payment sent again with the same key, or "not
/// paid" with a new attempt offered; never more than one charge. In-process
/// and over real HTTP on loopback.
@Suite(.hangLimit) struct NotPaidFlowTests {
    /// A hold, then Pay: the process dies with `PAYMENT_SUBMITTED` saved and
    /// before the payment left; a new process opens the same files.
    static func killedBeforeThePaymentLeft(
        route: SandboxFixture.Route, holdTTLMilliseconds: Int64 = 15 * 60 * 1000
    ) async throws -> (Harness, AttemptID) {
        let harness = try Harness(route: route, holdTTLMilliseconds: holdTTLMilliseconds)
        harness.death.killAtBoundary = "before pay"
        let attempt = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        await harness.death.died()
        #expect(try await harness.repository.attempt(attempt)?.phase == .paymentSubmitted)
        #expect(harness.sandbox.transport.requests("POST", "/v1/bookings").isEmpty)
        try harness.restart()
        return (harness, attempt)
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aPaymentTheServerFailedBeforeItsCommitIsSentAgainWithTheSameKeyAndEndsNotPaid(
        route: SandboxFixture.Route
    ) async throws {
        let harness = try Harness(route: route)
        // 500 before the commit: nothing was booked, and the server stored the
        // 500 for the key. The resend gets it replayed; the lookup finds nothing.
        harness.sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "error-500-before-commit"))
        let attempt = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        let state = await harness.waitFor { $0.stage.isFinal }
        #expect(state.stage.kind == .notPaid)
        #expect(state.title == "Not paid")
        #expect(state.message?.contains("Nothing was charged") == true)
        #expect(state.enabledActions == [.retry, .back])
        #expect(state.actions.first?.label == "Start a new attempt")
        let posts = harness.sandbox.transport.requests("POST", "/v1/bookings")
        #expect(posts.count == 2)
        #expect(Set(posts.compactMap { $0.headers["Idempotency-Key"] }).count == 1)
        #expect(Set(posts.map(\.body)).count == 1)  // the same body
        #expect(try await harness.ledger().chargeCount == 0)
        #expect(try await harness.repository.attempt(attempt)?.phase == .failed)

        // The new attempt has a new key and books once.
        await harness.retryOnANewAttempt()
        #expect(await harness.pay().stage.kind == .confirmed)
        #expect(try await harness.ledger().chargeCount == 1)
        try await harness.expectNoDoubleCharge()
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func fourUnavailableAnswersAreLookedUpThenTheKeyIsClosedAndTheSameHoldPaysOnce(
        route: SandboxFixture.Route
    ) async throws {
        let harness = try Harness(route: route)
        // Four 503s (the sandbox's own: nothing ran). A status code never
        // proves that (a gateway answers it after the server ran the
        // payment), so each is looked up by key and the payment sent again
        // under the same key only after a lookup found nothing; when the
        // resends are used up, the key is closed, and only its CLOSED answer
        // says "not paid". The same hold is then paid once under a new key.
        harness.sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "unavailable", times: 4))
        let attempt = try await harness.holdAnOffer()
        let holdID = try #require(try await harness.repository.attempt(attempt)?.holdID)
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        let closed = await harness.waitForFinal()
        #expect(closed.stage.kind == .notPaid, "\(closed.stage.name) \(closed.message ?? "")")
        #expect(closed.message?.contains("never ran this payment") == true)
        let posts = harness.sandbox.transport.requests("POST", "/v1/bookings").map(\.url.path)
        #expect(posts == Array(repeating: "/v1/bookings", count: 4) + ["/v1/bookings/close-key"])
        #expect(harness.sandbox.transport.requests("GET", "/v1/bookings").count >= 4, "a lookup before each resend")
        #expect(try await harness.repository.attempt(attempt)?.phase == .failed)
        let (next, key) = await harness.retryOnANewAttempt()
        #expect(try await harness.repository.attempt(next)?.holdID == holdID)
        #expect(await harness.pay().stage.kind == .confirmed)
        #expect(try await harness.ledger().chargesByIdempotencyKey == [key.rawValue: 1])
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func killedBeforeThePaymentLeftIsNotPaidAtOnceAndPaysTheSameHoldOnce(route: SandboxFixture.Route) async throws {
        let (harness, attempt) = try await Self.killedBeforeThePaymentLeft(route: route)
        let oldKey = try #require(try await harness.repository.attempt(attempt)).idempotencyKey
        let holdID = try #require(try await harness.repository.attempt(attempt)?.holdID)
        let sentBefore = harness.sandbox.transport.requests.count
        let waitsBefore = harness.sleeper.recorded.count
        let restored = try await harness.runtime.restore()
        #expect(restored.stage.kind == .unknown)
        // Nothing to send again (the payment method was never saved): the
        // lookup finds nothing, the key is closed, and "not paid" is certain:
        // two requests and no wait, not the hold's fifteen minutes.
        let state = await harness.waitForFinal()
        #expect(
            state.stage
                == .notPaid(
                    BookingFlow.NotPaid(attempt: try #require(state.attempt), reason: .keyClosed, holdID: holdID)))
        let sent = harness.sandbox.transport.requests.dropFirst(sentBefore).map { "\($0.method) \($0.url.path)" }
        #expect(sent == ["GET /v1/bookings", "POST /v1/bookings/close-key"])
        #expect(harness.sleeper.recorded.dropFirst(waitsBefore).allSatisfy { $0 == .zero })
        #expect(state.actions.first?.label == "Pay again")
        #expect(try await harness.repository.attempt(attempt)?.phase == .failed)
        #expect(Self.payments(harness).isEmpty)

        // The same hold, under a new attempt and key: one charge.
        let (next, key) = await harness.retryOnANewAttempt()
        #expect(try await harness.repository.attempt(next)?.holdID == holdID)
        #expect(await harness.pay().stage.kind == .confirmed)
        #expect(Self.payments(harness).compactMap { $0.headers["Idempotency-Key"] } == [key.rawValue])
        #expect(try await harness.ledger().chargesByHold == [holdID.rawValue: 1])
        try await harness.expectNoDoubleCharge()

        // The closed key is refused, never run, whatever arrives under it.
        do {
            _ = try await harness.api.createBooking(hold: holdID, paymentToken: PaymentToken("tok_visa"), key: oldKey)
            Issue.record("a payment under the closed key ran")
        } catch {
            guard case .final(.rejected(409, "IDEMPOTENCY_KEY_CLOSED"), _) = error else {
                Issue.record("not refused as closed: \(error)")
                return
            }
        }
        #expect(try await harness.ledger().chargeCount == 1)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func killedBeforeThePaymentLeftWithTheHoldEndedIsNotPaidAndPayAgainFindsTheHoldEnded(
        route: SandboxFixture.Route
    ) async throws {
        let (harness, attempt) = try await Self.killedBeforeThePaymentLeft(route: route, holdTTLMilliseconds: 60_000)
        harness.sandbox.clock.advance(seconds: 3600)  // the hold ended on the server
        _ = try await harness.runtime.restore()
        let state = await harness.waitForFinal()
        #expect(state.stage.kind == .notPaid)
        #expect(state.message?.contains("Nothing was charged") == true)
        #expect(Self.payments(harness).isEmpty)
        #expect(try await harness.repository.attempt(attempt)?.phase == .failed)
        let (next, key) = Harness.newAttempt()
        await harness.flow.send(.retryTapped(attempt: next, key: key))
        #expect(await harness.waitForFinal().stage.kind == .expired)
        #expect(Self.payments(harness).isEmpty)
        #expect(try await harness.ledger().chargeCount == 0)
        await harness.sandbox.stop()
    }

    /// The payments sent (`POST /v1/bookings` itself, not its key's closing).
    static func payments(_ harness: Harness) -> [TransportRequest] {
        harness.sandbox.transport.requests("POST", "/v1/bookings").filter { $0.url.path == "/v1/bookings" }
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func reconciliationConcludesNotPaidForAnEndedHoldWithoutPosting(route: SandboxFixture.Route) async throws {
        let (harness, attempt) = try await Self.killedBeforeThePaymentLeft(route: route, holdTTLMilliseconds: 60_000)

        // The hold still runs: the job leaves the attempt to the flow.
        var report = await harness.repository.reconcile()
        #expect(report.failed == 0)
        #expect(try await harness.repository.attempt(attempt)?.phase == .paymentSubmitted)

        harness.sandbox.clock.advance(seconds: 3600)
        report = await harness.repository.reconcile()
        #expect(report.failed == 1)
        #expect(try await harness.repository.attempt(attempt)?.phase == .failed)
        #expect(harness.sandbox.transport.requests("POST", "/v1/bookings").isEmpty)
        await harness.sandbox.stop()
    }
}

extension BookingFlow.State {
    /// The attempt of a "not paid" stage, for the tests.
    fileprivate var attempt: BookingFlow.Attempt? {
        if case .notPaid(let s) = stage { return s.attempt }
        return nil
    }
}
