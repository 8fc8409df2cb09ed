import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import BookingSandbox
import BookingStore
import Foundation

/// Launch reconciliation of many open attempts against the sandbox over
/// loopback HTTP with injected latency, against the ideal
/// (attempts × latency / concurrency), and the most requests in flight at
/// once, which must never exceed the configured concurrency.
struct ReconcileSuite: BenchmarkSuite {
    let name = "reconcile"
    let summary = "launch reconciliation of 1,000 open attempts, 20 ms latency, vs the ideal"

    func run(_ context: SuiteContext) throws -> [Figure] {
        let attempts = context.scale == .quick ? 40 : 1_000
        let latency = 20
        let concurrency = 8
        let rounds = context.scale == .quick ? 1 : 3
        var times: [Int64] = []
        var peak = 0
        for round in 0..<rounds {
            let (elapsed, inFlight) = try Self.measure(
                context: context, round: round, attempts: attempts, latency: latency, concurrency: concurrency)
            times.append(elapsed)
            peak = max(peak, inFlight)
        }
        guard peak <= concurrency else {
            throw BenchError(description: "reconcile had \(peak) requests in flight, more than \(concurrency)")
        }
        let ideal = Int64(attempts) * Int64(latency) * 1_000_000 / Int64(concurrency)
        let median = Samples(times).median
        return [
            Figure(
                name: "Launch reconciliation, \(attempts) attempts", kind: .latency, store: median, baseline: ideal,
                goal: Goal(maxRatio: 1.3),
                detail: "median of \(rounds) runs; \(latency) ms injected per request; concurrency \(concurrency); "
                    + "peak in flight \(peak); baseline = ideal \(attempts) x \(latency) ms / \(concurrency)")
        ]
    }

    /// One reconciliation of `attempts` open attempts; its wall time and the
    /// most requests seen in flight at once.
    static func measure(context: SuiteContext, round: Int, attempts: Int, latency: Int, concurrency: Int) throws
        -> (Int64, Int)
    {
        let directory = try context.directory("reconcile-\(round)")
        var sandboxConfiguration = SandboxConfiguration(databasePath: directory + "/sandbox/sandbox.sqlite")
        sandboxConfiguration.faultRates = [.delay(milliseconds: latency): 1.0]
        let server = try SandboxServer(configuration: sandboxConfiguration)
        let port = try server.start()
        defer { Self.wait { await server.shutdown() } }
        let store = try BookingDatabase(directory: directory)
        try store.database.transaction {
            for index in 0..<attempts {
                try store.attempts.insert(
                    SavedAttempt(
                        attempt: BookingFlow.Attempt(
                            id: AttemptID("a\(index)"),
                            key: IdempotencyKey(String(format: "00000000-0000-4000-8000-%012d", index)),
                            offerID: OfferID("o\(index)"), quoteID: QuoteID("q\(index)")),
                        phase: .paymentSubmitted, createdAtMilliseconds: Fixtures.milliseconds(Date())))
            }
        }
        let counting = InFlightCounter(URLSessionTransport())
        let api = BookingAPIClient(
            server: try ServerAddress("http://127.0.0.1:\(port)"), apiKey: "sk_test_bench", transport: counting)
        let repository = try BookingRepository(
            directory: directory, api: api, configuration: RepositoryConfiguration(reconcileConcurrency: concurrency))
        let start = ContinuousClock.now
        let report = Self.wait { await repository.reconcile() }
        let elapsed = ContinuousClock.now - start
        guard report.examined == attempts, report.errors == 0 else {
            throw BenchError(
                description:
                    "reconcile examined \(report.examined) with \(report.errors) errors: \(report.errorMessages.prefix(3))"
            )
        }
        let (seconds, attoseconds) = elapsed.components
        return (seconds * 1_000_000_000 + attoseconds / 1_000_000_000, counting.peak)
    }

    /// Runs async work to its end from the harness's synchronous code.
    static func wait<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let result = Locked<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await body()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
}

/// Counts the requests in flight at once through a transport.
final class InFlightCounter: Transport, Sendable {
    private let base: any Transport
    private let counts = Locked((current: 0, peak: 0))

    init(_ base: any Transport) {
        self.base = base
    }

    var peak: Int { counts.withLock { $0.peak } }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        counts.withLock {
            $0.current += 1
            $0.peak = max($0.peak, $0.current)
        }
        defer { counts.withLock { $0.current -= 1 } }
        return try await base.send(request)
    }
}
