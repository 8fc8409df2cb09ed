import BookingAPI
import BookingCore
import BookingPrimitives
import Foundation
import Testing

/// Found by the simulation (seed 65): a poll's GET used up its tries on 503s
/// with `Retry-After: 9`, and the flow's next poll, two seconds later, went
/// out before the server allowed it. A new call now waits out the last
/// `Retry-After` before its first try.
@Suite struct RetryAfterAcrossCallsTests {
    /// Answers 503 with `Retry-After` (30 unless told) a set number of times, then 200.
    final class Unavailable: Transport, Sendable {
        /// Refusals left, and the wall-clock time of every request.
        private let record: Locked<(left: Int, times: [Int64])>
        var sentAt: [Int64] { record.withLock { $0.times } }
        let clock: WallClock
        let retryAfter: String

        init(times: Int, clock: WallClock, retryAfter: String = "30") {
            record = Locked((left: times, times: []))
            self.clock = clock
            self.retryAfter = retryAfter
        }

        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            let now = clock.now
            let refuse: Bool = record.withLock {
                $0.times.append(now)
                $0.left -= 1
                return $0.left >= 0
            }
            if refuse {
                return TransportResponse(
                    status: 503, headers: ["Retry-After": retryAfter],
                    body: Data(#"{"error":{"code":"UNAVAILABLE","message":"x"}}"#.utf8))
            }
            return TransportResponse(status: 200, headers: [:], body: Data(#"{"items":[]}"#.utf8))
        }
    }

    /// A wall clock that only the sleeper moves.
    final class WallClock: Sleeper, Sendable {
        private let seconds = Locked<Int64>(1_780_272_000)

        var now: Int64 { seconds.withLock { $0 } }

        func sleep(for duration: Duration) async throws {
            seconds.withLock { $0 += duration.components.seconds }
        }
    }

    /// A client on its own wall clock (moved only by its sleeps) over a
    /// server that refuses `times` calls with `Retry-After: retryAfter`.
    static func client(refusing times: Int, retryAfter: String = "30") throws -> (
        WallClock, Unavailable, BookingAPIClient
    ) {
        let clock = WallClock()
        let transport = Unavailable(times: times, clock: clock, retryAfter: retryAfter)
        // An hour for each call: its tries are answered at once, and a test
        // process too loaded to run them for ten seconds (CI, 2 cores) must
        // not read as a call whose time on the server was spent.
        let client = BookingAPIClient(
            server: try ServerAddress("http://127.0.0.1:1"), apiKey: "sk_test_gate", transport: transport,
            configuration: APIConfiguration(readTimeout: .seconds(3_600)), sleeper: clock,
            wallClockSeconds: { clock.now })
        return (clock, transport, client)
    }

    @Test func aCallStartingInsideAnotherCallsRetryAfterWaitsItOutFirst() async throws {
        let (_, transport, client) = try Self.client(refusing: 4)
        await #expect(throws: APIError.self) { _ = try await client.suggestPlaces("lisbon") }
        let lastRefusal = try #require(transport.sentAt.last)
        _ = try await client.suggestPlaces("lisbon")
        let next = try #require(transport.sentAt.last)
        #expect(transport.sentAt.count == 5)
        #expect(next >= lastRefusal + 30, "sent \(next - lastRefusal) s after a Retry-After of 30 s")
    }

    @Test func withoutARetryAfterANewCallGoesAtOnce() async throws {
        let (clock, transport, client) = try Self.client(refusing: 0)
        let start = clock.now
        _ = try await client.suggestPlaces("lisbon")
        _ = try await client.suggestPlaces("lisbon")
        #expect(transport.sentAt == [start, start])
    }

    @Test func aRetryAfterOfAnHourStopsTheCallWithTheTimeAndNoCallSendsBeforeIt() async throws {
        let (clock, transport, client) = try Self.client(refusing: 1, retryAfter: "3600")
        let start = clock.now
        let first = await #expect(throws: APIError.self) { _ = try await client.suggestPlaces("lisbon") }
        guard case .final(.waitRequested(let until), _)? = first else {
            Issue.record("not a wait: \(String(describing: first))")
            return
        }
        #expect(until == start + 3_600)
        #expect(transport.sentAt == [start])  // stopped at once, not retried, not slept through
        // A new call inside the hour sends nothing and says until when.
        await #expect(throws: APIError.final(.waitRequested(until: start + 3_601), nil)) {
            _ = try await client.suggestPlaces("lisbon")
        }
        #expect(transport.sentAt == [start])
        try await clock.sleep(for: .seconds(3_601))
        _ = try await client.suggestPlaces("lisbon")
        #expect(transport.sentAt == [start, start + 3_601])
    }

    @Test(arguments: ["garbage", "-30", "Sun, 06 Nov 1994 08:49:37 GMT"])
    func anUnusableOrPastRetryAfterNeverStopsACall(header: String) async throws {
        let (_, transport, client) = try Self.client(refusing: 1, retryAfter: header)
        _ = try await client.suggestPlaces("lisbon")  // the back-off's short wait, then 200
        #expect(transport.sentAt.count == 2)
        #expect(transport.sentAt[1] - transport.sentAt[0] <= 1)
    }
}
