import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import BookingStore
import BookingTestSupport
import Foundation
import TestSupport
import Testing

@Suite struct ReconcileTests {
    @Test func reconciliationSettlesEveryKindOfOpenAttemptAndReportsIt() async throws {
        let harness = try Harness(route: .inProcess, configuration: RepositoryConfiguration(inFlightGrace: 0))
        let offer = try await harness.firstOffer()
        let repository = harness.repository
        // A payment whose answer was lost (confirmed on the server).
        let paid = try await repository.startAttempt(offer: offer.id, quote: offer.quote.id)
        _ = try await repository.requestHold(paid.attemptID, anchor: nil)
        harness.sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "drop-response-after-commit"))
        guard case .unknown = await repository.pay(paid.attemptID, token: PaymentToken("tok_visa")) else {
            Issue.record("expected an unknown outcome")
            return
        }
        /// A held attempt on the first offer of `place` for one night.
        func held(in place: String) async throws -> AttemptID {
            let listing = try await harness.api.offers(
                placeID: place, checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-02")!, guests: 1
            ).items[0]
            let attempt = try await repository.startAttempt(offer: listing.offerId, quote: listing.quoteId)
            _ = try await repository.requestHold(attempt.attemptID, anchor: nil)
            return attempt.attemptID
        }
        // A declined payment whose answer was lost.
        let declined = try await held(in: "plc_tokyo")
        harness.sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "drop-response-after-commit"))
        _ = await repository.pay(declined, token: PaymentToken("tok_chargeDeclined"))
        // A hold request that never got its answer (the data directory's
        // one current hold: a live hold would replace it, see below).
        let unanswered = try await repository.startAttempt(offer: offer.id, quote: offer.quote.id)

        let postsBefore = harness.sandbox.transport.requests.filter { $0.method == "POST" }.count
        let report = await repository.reconcile()
        #expect(report.examined == 3)
        #expect(report.confirmed == 1)
        #expect(report.failed == 1)
        #expect(report.expired == 1)
        #expect(report.stillPending == 0)
        #expect(report.errors == 0)
        // No payment is sent again. The unanswered hold request is asked
        // again under its own key (the server may keep a room for it), and
        // the rooms nobody can pay any more are given up: that one, and the
        // one the declined attempt kept (a newer attempt replaced it).
        let posts = harness.sandbox.transport.requests.filter { $0.method == "POST" }.dropFirst(postsBefore)
        let declinedHold = try #require(try await repository.attempt(declined)?.holdID)
        let holdPosts = posts.filter { $0.url.path == "/v1/holds" }
        #expect(holdPosts.map { $0.headers["Idempotency-Key"] } == [unanswered.idempotencyKey.rawValue])
        let releases = Set(posts.map(\.url.path).filter { $0.hasSuffix("/release") })
        #expect(releases.count == 2)
        #expect(releases.contains("/v1/holds/\(declinedHold.rawValue)/release"))
        #expect(report.holdsReleased == 2)
        #expect(try await harness.sandbox.liveHolds().isEmpty)
        #expect(try await repository.attempt(paid.attemptID)?.phase == .confirmed)
        let bookingID = try #require(try await repository.attempt(paid.attemptID)?.bookingID)
        #expect(try await repository.hasTrip(bookingID))
        #expect(try await repository.nonFinalAttempts().isEmpty)

        // A live hold: still payable, left as it is.
        let live = try await held(in: "plc_london")
        let again = await repository.reconcile()
        #expect(again.examined == 1)
        #expect(again.stillPending == 1)
        #expect(try await repository.nonFinalAttempts().map(\.attemptID) == [live])
    }

    @Test func aPaymentTheServerNeverReceivedIsFailedOnlyOnceItsKeyHasExpired() async throws {
        let clock = Locked(Date())
        let sandbox = try SandboxFixture(route: .inProcess)
        let api = sandbox.client()
        let repository = try BookingRepository(
            directory: sandbox.clientDirectory, api: api, configuration: RepositoryConfiguration(keyLifetime: 3_600),
            dependencies: Dependencies(now: { clock.withLock { $0 } }))
        let offer = try await api.offers(
            placeID: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!,
            checkOut: CalendarDate("2026-12-03")!, guests: 2
        ).items[0]
        let attempt = try await repository.startAttempt(offer: offer.offerId, quote: offer.quoteId)
        _ = try await repository.requestHold(attempt.attemptID, anchor: nil)
        sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "error-500-before-commit"))
        _ = await repository.pay(attempt.attemptID, token: PaymentToken("tok_visa"))
        #expect(await repository.reconcile().stillPending == 1)
        clock.withLock { $0 = $0.addingTimeInterval(3_601) }
        #expect(await repository.reconcile().failed == 1)
        #expect(try await repository.attempt(attempt.attemptID)?.phase == .failed)
        #expect(try await api.sandboxLedger().chargeCount == 0)
    }

    /// The wall clock decides no money question: set a day forward while a
    /// payment still runs on the server, it makes the key look past its
    /// lifetime, and a lookup finds no booking yet. Reconciliation closes
    /// the key instead of concluding "not paid"; the server answers that
    /// the key is in use, so nothing is concluded, and the payment's own
    /// answer confirms the booking.
    @Test func aClockSetForwardNeverEndsAPaymentStillRunningAsNotPaid() async throws {
        let clock = Locked(Date())
        let sandbox = try SandboxFixture(route: .inProcess)
        let api = sandbox.client()
        let configuration = RepositoryConfiguration(keyLifetime: 3_600)
        let dependencies = Dependencies(now: { clock.withLock { $0 } })
        let repository = try BookingRepository(
            directory: sandbox.clientDirectory, api: api, configuration: configuration, dependencies: dependencies)
        let offer = try await api.offers(
            placeID: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!,
            guests: 2
        ).items[0]
        let attempt = try await repository.startAttempt(offer: offer.offerId, quote: offer.quoteId)
        _ = try await repository.requestHold(attempt.attemptID, anchor: nil)
        // Long enough for the reconciliation below to run while the
        // payment still runs, on a loaded 2-core machine (1.5 s was not).
        sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "delay-ms=6000"))
        async let paid = repository.pay(attempt.attemptID, token: PaymentToken("tok_visa"))
        _ = await sandbox.transport.arrival("POST", "/v1/bookings")
        clock.withLock { $0 = $0.addingTimeInterval(24 * 3_600) }
        let other = try BookingRepository(
            directory: sandbox.clientDirectory, api: api, configuration: configuration, dependencies: dependencies)
        let report = await other.reconcile()
        #expect(report.failed == 0, "\(report)")
        #expect(!sandbox.transport.requests("POST", "/v1/bookings/close-key").isEmpty, "the server was asked")
        guard case .answered = await paid else {
            Issue.record("the payment's own answer did not come")
            return
        }
        #expect(try await repository.attempt(attempt.attemptID)?.phase == .confirmed)
        #expect(try await api.sandboxLedger().chargeCount == 1)
    }

    @Test func twoProcessesReconcilingOneDatabaseAtOnceSendNoRequestTwice() async throws {
        let harness = try Harness(route: .loopback)
        let repository = harness.repository
        for _ in 0..<6 {
            let offer = try await harness.firstOffer()
            let attempt = try await repository.startAttempt(offer: offer.id, quote: offer.quote.id)
            if (try? await repository.requestHold(attempt.attemptID, anchor: nil)) != nil {
                harness.sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "drop-response-after-commit"))
                _ = await repository.pay(attempt.attemptID, token: PaymentToken("tok_visa"))
            }
        }
        let postsBefore = harness.sandbox.transport.requests.filter { $0.method == "POST" }.count
        // A second "process": its own connection to the same file.
        let other = try BookingRepository(directory: harness.sandbox.clientDirectory, api: harness.api)
        async let first = repository.reconcile()
        async let second = other.reconcile()
        let (a, b) = await (first, second)
        #expect(a.errors == 0 && b.errors == 0)
        #expect(harness.sandbox.transport.requests.filter { $0.method == "POST" }.count == postsBefore)
        try await harness.expectNoDoubleCharge()
        for booking in try await harness.api.bookings() where booking.state == .confirmed {
            #expect(try await repository.hasTrip(booking.bookingId))
        }
        await harness.sandbox.stop()
    }

    @Test func reconciliationNeverHasMoreRequestsInFlightThanItsConcurrency() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let counting = ConcurrencyCountingTransport(sandbox.transport, holdUntilInFlight: 3)
        let api = BookingAPIClient(
            server: sandbox.server, apiKey: "sk_test_test", transport: counting, sleeper: NoSleeper())
        let repository = try BookingRepository(
            directory: sandbox.clientDirectory, api: api,
            configuration: RepositoryConfiguration(reconcileConcurrency: 3))
        let store = try BookingDatabase(directory: sandbox.clientDirectory)
        for index in 0..<30 {
            try store.attempts.insert(
                SavedAttempt(
                    attempt: BookingFlow.Attempt(
                        id: AttemptID("a\(index)"), key: IdempotencyKey("k\(index)"), offerID: OfferID("o"),
                        quoteID: QuoteID("q")),
                    phase: .paymentSubmitted, createdAtMilliseconds: Int64(Date().timeIntervalSince1970 * 1_000)))
        }
        let report = await repository.reconcile()
        #expect(report.examined == 30)
        #expect(report.stillPending == 30)
        #expect(counting.peak == 3)
    }
}

/// Counts requests in flight at once, holding each for `delay`.
final class ConcurrencyCountingTransport: Transport, Sendable {
    private let base: any Transport
    private let target: Int
    private let bound: Duration
    /// Requests in flight now, and the most there ever were.
    private let count = Locked((current: 0, highest: 0))

    /// When the first request came: the holding ends `bound` after it.
    private let firstSent = Locked<ContinuousClock.Instant?>(nil)

    /// Holds each request until `target` are in flight at once (so a limit
    /// that is respected is also reached, however loaded the machine), or
    /// until `bound` after the first request at most (a limit below `target`
    /// is then seen as the peak, after one wait for all the requests).
    init(_ base: any Transport, holdUntilInFlight target: Int, atMost bound: Duration = Poll.defaultTimeout) {
        self.base = base
        self.target = target
        self.bound = bound
    }

    var peak: Int {
        count.withLock { $0.highest }
    }

    private func enter() {
        count.withLock {
            $0.current += 1
            $0.highest = max($0.highest, $0.current)
        }
    }
    private func leave() {
        count.withLock { $0.current -= 1 }
    }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        enter()
        defer { leave() }
        let deadline = firstSent.withLock { first in
            let start = first ?? .now
            first = start
            return start + bound
        }
        while count.withLock({ $0.highest }) < target && ContinuousClock.now < deadline {
            // check-no-sleep: allowed (a slow transport: its pace is the input under test)
            try? await Task.sleep(for: .milliseconds(5))
        }
        return try await base.send(request)
    }
}
