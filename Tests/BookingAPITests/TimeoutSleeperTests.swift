import BookingAPI
import BookingCore
import BookingPrimitives
import Foundation
import Testing

/// From the sleeper issue: `RetryExecutor` waited out each request's
/// timeout with `Task.sleep`, outside the injected `Sleeper`, so a virtual
/// clock could never fire a timeout. Now the timeout is the sleeper's
/// `timeout(after:)` (real time by default, so a sleeper that skips
/// back-offs does not time every request out at once).
@Suite struct TimeoutSleeperTests {
    /// Returns at once from back-offs; records each timeout and ends it at
    /// once when `firesAtOnce`, else parks it until the request ends.
    final class TimeoutSleeper: Sleeper {
        private let asked = Locked<[Duration]>([])
        let firesAtOnce: Bool

        init(firesAtOnce: Bool) { self.firesAtOnce = firesAtOnce }

        var timeouts: [Duration] { asked.withLock { $0 } }

        func sleep(for duration: Duration) async throws {}

        func timeout(after duration: Duration) async throws {
            asked.withLock { $0.append(duration) }
            guard !firesAtOnce else { return }
            let never = AsyncStream<Void> { _ in }
            for await _ in never {}
            throw CancellationError()
        }
    }

    /// Answers only when cancelled: a server that never answers.
    struct Silent: Transport {
        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            let never = AsyncStream<Void> { _ in }
            for await _ in never {}
            throw TransportError(.connectionLost, "cancelled")
        }
    }

    @Test func eachTryWaitsItsTimeoutThroughTheSleeper() async throws {
        let sleeper = TimeoutSleeper(firesAtOnce: false)
        let transport = ScriptedTransport([.answer(200, [:], #"{"items":[]}"#)])
        let api = BookingAPIClient(
            server: try ServerAddress("http://127.0.0.1:9"), apiKey: "k", transport: transport,
            configuration: APIConfiguration(readTimeout: .seconds(7)), sleeper: sleeper)
        #expect(try await api.suggestPlaces("Lis").isEmpty)
        #expect(sleeper.timeouts == [.seconds(7)])
    }

    @Test func aTimeoutTheSleeperEndsIsATimeoutWithNoRealWait() async throws {
        let sleeper = TimeoutSleeper(firesAtOnce: true)
        let api = BookingAPIClient(
            server: try ServerAddress("http://127.0.0.1:9"), apiKey: "k", transport: Silent(),
            configuration: APIConfiguration(payTimeout: .seconds(3_600)), sleeper: sleeper)
        let error = await #expect(throws: APIError.self) {
            try await api.createBooking(hold: HoldID("h"), paymentToken: PaymentToken("t"), key: IdempotencyKey("k"))
        }
        guard case .unknownOutcome(let detail)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(detail.contains("timedOut"), "\(detail)")
        #expect(sleeper.timeouts == [.seconds(3_600)])
    }
}
