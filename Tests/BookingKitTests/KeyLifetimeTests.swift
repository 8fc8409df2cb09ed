import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import BookingStore
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// The key lifetime the server publishes (`Idempotency-Key-Lifetime`),
/// against the real sandbox over loopback started with a 10-minute lifetime.
@Suite struct KeyLifetimeTests {
    @Test func noPaymentIsSentAgainUnderAKeyPastTheServersLifetimeInThisRunOrTheNext() async throws {
        let sandbox = try SandboxFixture(route: .loopback, keyLifetimeSeconds: 600)
        defer { Task { await sandbox.stop() } }
        let clock = Locked(Date())
        // The payment's first request is lost on the way: nothing reaches
        // the server, and the client cannot know it.
        let losing = LosingTransport(sandbox.transport, losing: "POST", "/v1/bookings")
        let api = BookingAPIClient(
            server: sandbox.server, apiKey: "sk_test_test", transport: losing, sleeper: NoSleeper(),
            keyLifetimeMemory: SavedKeyLifetime(directory: sandbox.clientDirectory, server: sandbox.server))
        // The key's age for a resend is read on the hold clock (boot-based),
        // never the wall clock: both move here.
        let holdClock = Locked(MonotonicInstant.origin)
        let repository = try BookingRepository(
            directory: sandbox.clientDirectory, api: api,
            dependencies: Dependencies(now: { clock.withLock { $0 } }, holdNow: { holdClock.withLock { $0 } }))
        let offer = try await Harness.firstOffer(from: api)
        let attempt = try await repository.startAttempt(offer: offer.id, quote: offer.quote.id)
        _ = try await repository.requestHold(attempt.attemptID, anchor: nil)
        guard case .unknown = await repository.pay(attempt.attemptID, token: PaymentToken("tok_visa")) else {
            Issue.record("expected an unknown outcome")
            return
        }
        #expect(losing.lost == 1)
        #expect(
            try BookingDatabase(directory: sandbox.clientDirectory).keyLifetimes.seconds(
                server: sandbox.server.description) == 600)

        // Eleven minutes later, on both clocks: past the key's lifetime
        // (the configured one is still 24 h).
        clock.withLock { $0 = $0.addingTimeInterval(660) }
        holdClock.withLock { $0 = $0.advanced(by: .seconds(660)) }
        sandbox.clock.advance(seconds: 660)
        let payments = { sandbox.transport.requests("POST", "/v1/bookings").filter { $0.url.path == "/v1/bookings" } }
        let postsBefore = payments().count
        let resent = await repository.sendPayment(attempt.attemptID, token: PaymentToken("tok_visa"), isResend: true)
        if case .unknown(let why) = resent {
            #expect(why.contains("too old"))
        } else {
            Issue.record("expected the resend to be refused as unknown, got \(resent)")
        }

        // The next launch: a new process whose client has read no header
        // yet. Past the key's lifetime by its wall clock, it closes the key,
        // and the server's CLOSED is the certain "not paid".
        let next = try BookingRepository(
            directory: sandbox.clientDirectory, api: sandbox.client(),
            dependencies: Dependencies(now: { clock.withLock { $0 } }))
        let report = await next.reconcile()
        #expect(report.failed == 1)
        #expect(try await next.attempt(attempt.attemptID)?.phase == .failed)
        // Extra: no request under the key left after its lifetime, and no charge.
        #expect(payments().count == postsBefore)
        #expect(try await sandbox.client().sandboxLedger().chargeCount == 0)
    }

    @Test func aLifetimeHeaderThatIsGarbageKeepsTheLastGoodValue() async throws {
        let sandbox = try SandboxFixture(route: .loopback, keyLifetimeSeconds: 600)
        defer { Task { await sandbox.stop() } }
        let log = RecordingLogHandler()
        let rewriting = LifetimeRewritingTransport(sandbox.transport)
        let api = BookingAPIClient(
            server: sandbox.server, apiKey: "sk_test_test", transport: rewriting, sleeper: NoSleeper(),
            keyLifetimeMemory: SavedKeyLifetime(
                directory: sandbox.clientDirectory, server: sandbox.server, logHandler: log))
        let repository = try BookingRepository(directory: sandbox.clientDirectory, api: api)
        let offer = try await Harness.firstOffer(from: api)
        let attempt = try await repository.startAttempt(offer: offer.id, quote: offer.quote.id)
        _ = try await repository.requestHold(attempt.attemptID, anchor: nil)
        func saved() throws -> Int64? {
            try BookingDatabase(directory: sandbox.clientDirectory).keyLifetimes.seconds(
                server: sandbox.server.description)
        }
        #expect(try saved() == 600)
        let bad = ["garbage", "-5", "0", "99999999999", "1e3", "", "600s", "2592001", "١٢٠"]
        for value in bad {
            rewriting.next = value
            _ = try await Harness.firstOffer(from: api)
            #expect(try saved() == 600, "after \(value.debugDescription)")
        }
        let ignored = log.records.filter { $0.level == .debug && $0.message.contains("ignored") }
        #expect(ignored.count == bad.count)
        rewriting.next = "300"
        _ = try await Harness.firstOffer(from: api)
        #expect(try saved() == 300)
    }

    @Test func aClientMadeAsAnAppMakesOneKeepsTheServersLifetime() async throws {
        let sandbox = try SandboxFixture(route: .loopback, keyLifetimeSeconds: 600)
        defer { Task { await sandbox.stop() } }
        let fixture = ClientFixture(sandbox: sandbox, client: try ClientFixture.client(sandbox: sandbox))
        await fixture.client.launch()
        try await fixture.client.hold(try await fixture.firstOffer())
        _ = try await fixture.client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(
            try BookingDatabase(directory: sandbox.clientDirectory).keyLifetimes.seconds(
                server: sandbox.server.description) == 600)
    }

    @Test(
        arguments: [
            ("600", 600), (" 60 ", 60), ("+5", 5), ("2592000", 2_592_000), ("1", 1),
            ("0", nil), ("-1", nil), ("2592001", nil), ("abc", nil), ("", nil), ("9223372036854775808", nil),
            ("1.5", nil), ("0x10", nil),
        ] as [(String, Int64?)])
    func aHeaderIsReadOnlyAsWholeSecondsWithinThirtyDays(header: String, seconds: Int64?) {
        switch KeyLifetime.read(header) {
        case .seconds(let read): #expect(read == seconds)
        case .refused: #expect(seconds == nil)
        }
    }
}

/// Loses the first request of `method` to a path starting with `prefix`
/// before it leaves (a connection lost on the way); passes every other on.
private final class LosingTransport: Transport, Sendable {
    private let base: any Transport
    private let method: String
    private let prefix: String
    private let count = Locked(0)

    init(_ base: any Transport, losing method: String, _ prefix: String) {
        self.base = base
        self.method = method
        self.prefix = prefix
    }

    var lost: Int { count.withLock { $0 } }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        if request.method == method, request.url.path.hasPrefix(prefix) {
            let first = count.withLock { count -> Bool in
                count += 1
                return count == 1
            }
            if first { throw TransportError(.connectionLost, "lost on the way (test)") }
        }
        return try await base.send(request)
    }
}

/// Sets the `Idempotency-Key-Lifetime` of every answer to `next`, once set.
private final class LifetimeRewritingTransport: Transport, Sendable {
    private let base: any Transport
    private let value = Locked<String?>(nil)

    init(_ base: any Transport) {
        self.base = base
    }

    var next: String? {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        var response = try await base.send(request)
        if let next { response.headers[KeyLifetime.header.lowercased()] = next }
        return response
    }
}
