import BookingAPI
import BookingCore
import BookingHTTPServer
import BookingPrimitives
import BookingSandbox
import BookingStore
import BookingTestSupport
import Foundation
import Testing

@testable import BookingKit

/// A server that said "wait an hour" is obeyed by the next run too: two
/// clients, one after the other, on one data directory, over real HTTP on
/// loopback to a sandbox that answers everything 429 with `Retry-After: 3600`.
@Suite struct RetryAfterAcrossRunsTests {
    /// Counts what it sends, then sends it over URLSession.
    final class CountingTransport: Transport, Sendable {
        private let sent = Locked(0)
        private let base = URLSessionTransport()
        var count: Int { sent.withLock { $0 } }

        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            sent.withLock { $0 += 1 }
            return try await base.send(request)
        }
    }

    static let checkIn = CalendarDate("2026-12-01")!
    static let checkOut = CalendarDate("2026-12-03")!

    @Test func aSecondRunSendsNothingBeforeTheTimeTheServerGaveTheFirst() async throws {
        let directory = TemporaryDirectory("retry-after-runs")
        var configuration = SandboxConfiguration(databasePath: directory.file("sandbox/sandbox.sqlite"))
        configuration.faultRates = [.rateLimit: 1.0]
        configuration.retryAfterSeconds = 3_600
        let listener = HTTPListener(handler: try SandboxHandler(configuration: configuration))
        let port = try listener.start()
        defer { Task { await listener.shutdown() } }
        let data = URL(fileURLWithPath: directory.file("client"))

        let first = CountingTransport()
        let before = Int64(Date().timeIntervalSince1970)
        let firstRun = try BookingClient(
            .init(
                server: "http://127.0.0.1:\(port)", credential: .apiKey("sk_test_gate"), dataDirectory: data,
                transport: first),
            dependencies: Dependencies(sleeper: NoSleeper()))
        let firstError = await Self.error {
            _ = try await firstRun.offers(at: "plc_lisbon", checkIn: Self.checkIn, checkOut: Self.checkOut, guests: 2)
        }
        guard case .waitRequested(let untilDate)? = firstError as? BookingClientError else {
            Issue.record("expected a requested wait, got \(String(describing: firstError))")
            return
        }
        let until = Int64(untilDate.timeIntervalSince1970)
        #expect(first.count == 1)
        #expect(until >= before + 3_600 && until <= Int64(Date().timeIntervalSince1970) + 3_601)

        let second = CountingTransport()
        let secondRun = try BookingClient(
            .init(
                server: "http://127.0.0.1:\(port)", credential: .apiKey("sk_test_gate"), dataDirectory: data,
                transport: second),
            dependencies: Dependencies(sleeper: NoSleeper()))
        let secondError = await Self.error { _ = try await secondRun.suggestions(for: "lisbon") }
        guard case .waitRequested(let secondDate)? = secondError as? BookingClientError else {
            Issue.record("expected a requested wait, got \(String(describing: secondError))")
            return
        }
        let secondUntil = Int64(secondDate.timeIntervalSince1970)
        // The gate rounds up by a second: never earlier than the first run was told.
        #expect(secondUntil >= until && secondUntil <= until + 1)
        #expect(second.count == 0, "the second run sent \(second.count) requests")
    }

    @Test func aGateInThePastLetsTheNextRunSend() async throws {
        let directory = TemporaryDirectory("retry-after-past")
        let server = try ServerAddress("http://127.0.0.1:1")
        let memory = CachedRetryAfterMemory(directory: directory.path, server: server)
        let now = Int64(Date().timeIntervalSince1970)
        memory.save(deadline: now - 1, nowUnixSeconds: now - 3_601)
        #expect(memory.savedDeadline(nowUnixSeconds: now) == nil)
        memory.save(deadline: now + 60, nowUnixSeconds: now)
        #expect(memory.savedDeadline(nowUnixSeconds: now) == now + 60)
        #expect(
            CachedRetryAfterMemory(directory: directory.path, server: try ServerAddress("http://127.0.0.1:2"))
                .savedDeadline(nowUnixSeconds: now) == nil)
    }

    private static func error(_ body: () async throws -> Void) async -> (any Error)? {
        do {
            try await body()
            return nil
        } catch {
            return error
        }
    }
}
