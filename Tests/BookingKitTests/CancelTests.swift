import BookingAPI
import BookingCore
@_spi(Testing) import BookingKit
import BookingStore
import BookingTestSupport
import Foundation
import Testing

/// A cancellation follows the checkout attempt's pattern: saved with its
/// key before the POST, resent with the same key, looked up when its answer
/// is lost, settled by reconciliation; the version check stays. Every test
/// ends with the ledger's refunds counted: at most one per booking.
@Suite struct CancelTests {
    /// A confirmed booking on a fresh sandbox; its trip saved on the device.
    /// With `challenge`, paid through 3-D Secure: confirmed at a later version than 1.
    private static func confirmed(_ route: SandboxFixture.Route, challenge: Bool = false) async throws
        -> (Harness, BookingID)
    {
        let harness = try Harness(route: route)
        let attempt = try await harness.holdAnOffer()
        let token = challenge ? "tok_threeDSecureRequired" : "tok_visa"
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken(token), now: .origin))
        if challenge {
            _ = await harness.waitFor { $0.stage.kind == .actionRequired }
            let bookingID = try #require(try await harness.repository.attempt(attempt)?.bookingID)
            try await harness.api.completeChallenge(bookingID, pass: true)
            await harness.flow.send(.challengeReturned(attempt))
        }
        #expect(await harness.waitForFinal().stage.kind == .confirmed)
        let trip = try #require(try await harness.trips().trips().first)
        return (harness, trip.record.bookingID)
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func theRequestAndItsKeyAreSavedBeforeThePostLeaves(route: SandboxFixture.Route) async throws {
        let (harness, id) = try await Self.confirmed(route)
        let trips = try harness.trips()
        await #expect(throws: CancelError.stopped(TripChangeBoundary(.cancel, .afterCommit))) {
            try await trips.cancel(id, boundary: { $0.moment != .afterCommit })
        }
        let saved = try #require(try await trips.cancelRequests(for: id).first)
        #expect(saved.status == .open)
        #expect(saved.version == (try await trips.trip(id))?.record.version)
        #expect(harness.cancelPosts(id).isEmpty)
        #expect(try await trips.trip(id)?.record.status == .confirmed)

        // The next run resumes it: the same key, the same version.
        let booking = try await harness.trips().cancel(id)
        #expect(booking.state == .cancelled)
        #expect(harness.cancelPosts(id).map { $0.headers["Idempotency-Key"] } == [saved.idempotencyKey.rawValue])
        #expect(try await harness.refunds(id) == 1)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases, TripChangeBoundary.all(.cancel))
    func deathAtEveryBoundaryEndsCancelledExactlyOnce(
        route: SandboxFixture.Route, boundary: TripChangeBoundary
    ) async throws {
        let (harness, id) = try await Self.confirmed(route)
        await #expect(throws: CancelError.stopped(boundary)) {
            try await harness.trips().cancel(id, boundary: { $0 != boundary })
        }
        // The next process: launch reconciliation settles what was saved;
        // nothing was saved before the commit, so the user asks again.
        let next = try harness.trips()
        let report = await next.settleCancels()
        #expect(report.errors == 0 && report.stillPending == 0, "\(report)")
        if try await next.trip(id)?.record.status == .confirmed {
            #expect(boundary.moment == .beforeCommit)
            #expect(try await next.cancel(id).state == .cancelled)
        }
        #expect(try await next.trip(id)?.record.status == .cancelled)
        #expect(try await next.openCancelRequests().isEmpty)
        #expect(try await harness.refunds(id) == 1)
        #expect(Set(harness.cancelPosts(id).compactMap { $0.headers["Idempotency-Key"] }).count == 1)
        await #expect(throws: CancelError.alreadyCancelled(id, try #require(try await next.trip(id)).record.version)) {
            try await next.cancel(id)
        }
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aLostAnswerIsLookedUpNotSentAgain(route: SandboxFixture.Route) async throws {
        let (harness, id) = try await Self.confirmed(route)
        harness.sandbox.transport.inject(
            .init("POST", "/v1/bookings/\(id)/cancel", fault: "drop-response-after-commit"))
        let booking = try await harness.trips().cancel(id)
        #expect(booking.state == .cancelled)
        #expect(harness.cancelPosts(id).count == 1)
        #expect(harness.sandbox.transport.requests("GET", "/v1/bookings/\(id)").count >= 1)
        #expect(try await harness.refunds(id) == 1)
        #expect(try await harness.trips().cancelRequests(for: id).map(\.status) == [.cancelled])
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aStoredServerErrorSpendsTheKeyAndTheRequestIsRenewedThenCancelsOnce(route: SandboxFixture.Route)
        async throws
    {
        let (harness, id) = try await Self.confirmed(route)
        // The server stores its 500 under the key: a resend under it only
        // replays that 500 (`Idempotent-Replayed`), forever. Before the
        // renewal the request was sent again at every launch and never ended.
        harness.sandbox.transport.inject(
            .init("POST", "/v1/bookings/\(id)/cancel", fault: "error-500-before-commit"))
        let trips = try harness.trips()
        let booking = try await trips.cancel(id)
        #expect(booking.state == .cancelled)
        let keys = harness.cancelPosts(id).compactMap { $0.headers["Idempotency-Key"] }
        #expect(Set(keys).count == 2, "the spent key, then a new one: \(keys)")
        #expect(harness.sandbox.transport.requests("GET", "/v1/bookings/\(id)").count >= 1, "read before renewing")
        let requests = try await trips.cancelRequests(for: id)
        #expect(requests.map(\.status) == [.refused, .cancelled])
        #expect(requests.first?.reason == BookingDatabase.keySpentReason)
        #expect(try await trips.openCancelRequests().isEmpty)
        #expect(try await trips.trip(id)?.record.status == .cancelled)
        #expect(try await harness.refunds(id) == 1)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aStaleVersionIsRefusedTheTripRefreshedAndNothingLost(route: SandboxFixture.Route) async throws {
        let (harness, id) = try await Self.confirmed(route, challenge: true)
        let current = try #require(try await harness.trips().trip(id)).record.version
        // This device read the booking before its last change.
        let trips = try await harness.staleDevice(id)
        do {
            _ = try await trips.cancel(id)
            Issue.record("a stale version cannot cancel")
        } catch CancelError.refused(_, let code, _, let now) {
            #expect(code == "VERSION_CONFLICT")
            #expect(now?.version == current)
            #expect(now?.status == .confirmed)
        }
        #expect(try await trips.trip(id)?.record.version == current)
        #expect(try await trips.cancelRequests(for: id).map(\.status) == [.refused])
        #expect(try await trips.cancelRequests(for: id).first?.reason == "VERSION_CONFLICT")
        #expect(try await harness.refunds(id) == 0)
        // Asked again, it cancels the version it now holds.
        #expect(try await trips.cancel(id).state == .cancelled)
        #expect(try await harness.refunds(id) == 1)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func anotherAccountsBookingIsNotFoundAndNothingIsLost(route: SandboxFixture.Route) async throws {
        let (harness, id) = try await Self.confirmed(route)
        let other = try TripRepository(
            directory: harness.sandbox.clientDirectory, api: harness.sandbox.client(account: "other"))
        do {
            _ = try await other.cancel(id)
            Issue.record("another account cannot cancel it")
        } catch CancelError.refused(_, let code, _, let now) {
            #expect(code == "NOT_FOUND")
            #expect(now == nil)
        }
        #expect(try await other.trip(id)?.record.status == .confirmed)
        #expect(try await other.openCancelRequests().isEmpty)
        #expect(try await harness.refunds(id) == 0)

        // A request the right account saved (and died) is not closed by the
        // wrong one: it stays open, and the right account settles it.
        await #expect(throws: CancelError.self) {
            try await harness.trips().cancel(id, boundary: { $0.moment != .afterCommit })
        }
        await #expect(throws: CancelError.self) { try await other.cancel(id) }
        #expect(await other.settleCancels().stillPending == 1)
        #expect(try await other.openCancelRequests().count == 1)
        #expect(try await harness.trips().settleCancels().cancelled == 1)
        #expect(try await harness.refunds(id) == 1)
        await harness.sandbox.stop()
    }

    @Test func anUnknownBookingOrAnOfflineRepositorySendsNothing() async throws {
        let (harness, id) = try await Self.confirmed(.inProcess)
        let trips = try harness.trips()
        await #expect(throws: RepositoryError.unknownBooking(BookingID("bk_nope"))) {
            try await trips.cancel(BookingID("bk_nope"))
        }
        let offline = try TripRepository(directory: harness.sandbox.clientDirectory, api: nil)
        await #expect(throws: APIError.self) { try await offline.cancel(id) }
        #expect(harness.sandbox.transport.requests("POST", "/v1/bookings/").isEmpty)
        #expect(try await trips.openCancelRequests().isEmpty)
        #expect(try await trips.cancelRequests(for: BookingID("bk_nope")).isEmpty)
    }

    @Test func anUnreachableServerClosesANewRequestAsNotSentAndKeepsASavedOneOpen() async throws {
        let (harness, id) = try await Self.confirmed(.inProcess)
        let unreachable = BookingAPIClient(
            server: try ServerAddress("http://127.0.0.1:1"), apiKey: "sk_test_test",
            transport: URLSessionTransport(), sleeper: NoSleeper())
        let trips = try TripRepository(directory: harness.sandbox.clientDirectory, api: unreachable)
        await #expect(throws: CancelError.self) { try await trips.cancel(id) }
        #expect(try await trips.cancelRequests(for: id).map(\.reason) == ["NOT_SENT"])
        #expect(try await trips.trip(id)?.record.status == .confirmed)

        // A request saved earlier (its POST may have left) is never closed
        // by an unreachable server: it stays open, and says why.
        await #expect(throws: CancelError.self) {
            try await harness.trips().cancel(id, boundary: { $0.moment != .afterPost })
        }
        do {
            _ = try await trips.cancel(id)
            Issue.record("an unreachable server cannot settle it")
        } catch CancelError.pending(_, _, let detail) {
            #expect(detail == "the server cannot be reached")
        }
        let unreachableRun = await trips.settleCancels()
        #expect(unreachableRun.stillPending == 1, "\(unreachableRun)")
        // Failed once in a CI dry run under load (cancelled 0) and never
        // since; the report says why if it does again.
        let reachableRun = try await harness.trips().settleCancels()
        #expect(reachableRun.cancelled == 1, "\(reachableRun)")
        #expect(try await harness.refunds(id) == 1)
    }

    @Test func aRequestLeftOpenIsSettledByLookupWhenCancelledElsewhere() async throws {
        let (harness, id) = try await Self.confirmed(.inProcess)
        let trips = try harness.trips()
        await #expect(throws: CancelError.self) { try await trips.cancel(id, boundary: { $0.moment != .afterCommit }) }
        let version = try #require(try await trips.trip(id)).record.version
        _ = try await harness.api.cancel(id, version: version, key: IdempotencyKey("another-device"))
        let report = await trips.settleCancels()
        #expect(report.cancelled == 1, "\(report)")
        #expect(harness.cancelPosts(id).count == 1)  // the other device's only
        #expect(try await trips.trip(id)?.record.status == .cancelled)
        #expect(try await harness.refunds(id) == 1)
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func twoProcessesCancellingAtOnceRefundOnce(route: SandboxFixture.Route) async throws {
        let (harness, id) = try await Self.confirmed(route)
        let first = try harness.trips()
        let second = try harness.trips()
        async let one = Self.outcome { try await first.cancel(id) }
        async let two = Self.outcome { try await second.cancel(id) }
        let outcomes = await [one, two]
        let cancelled = try #require(try await first.trip(id)).record.version
        for outcome in outcomes {
            switch outcome {
            case .success(let booking): #expect(booking.state == .cancelled)
            case .failure(let error): #expect(error as? CancelError == .alreadyCancelled(id, cancelled))
            }
        }
        #expect(try await first.trip(id)?.record.status == .cancelled)
        #expect(try await harness.refunds(id) == 1)
        #expect(try await first.openCancelRequests().isEmpty)
        await harness.sandbox.stop()
    }
}

extension CancelTests {
    static func outcome(_ body: () async throws -> BookingSnapshot) async -> Result<BookingSnapshot, any Error> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}

extension Harness {
    /// A new "process" over the same data directory and server.
    func trips() throws -> TripRepository {
        try TripRepository(directory: sandbox.clientDirectory, api: api)
    }

    /// The cancel POSTs sent for booking `id` (not its cancellation quotes).
    func cancelPosts(_ id: BookingID) -> [TransportRequest] {
        sandbox.transport.requests("POST", "/v1/bookings/\(id)/cancel").filter {
            $0.url.path == "/v1/bookings/\(id)/cancel"
        }
    }

    /// The refunds the ledger holds for booking `id`.
    func refunds(_ id: BookingID) async throws -> Int {
        try await ledger().entries.filter { $0.kind == "refund" && $0.bookingId == id.rawValue }.count
    }

    /// Another device whose copy of trip `id` is one version older than
    /// the server's: its trips, reaching the same server.
    func staleDevice(_ id: BookingID) async throws -> TripRepository {
        var record = try #require(try await trips().trip(id)).record
        record.version = try #require(Version(rawValue: record.version.rawValue - 1))
        let directory = sandbox.directory.file("stale-device")
        try BookingDatabase(directory: directory).trips.upsert(record)
        return try TripRepository(directory: directory, api: api)
    }
}
