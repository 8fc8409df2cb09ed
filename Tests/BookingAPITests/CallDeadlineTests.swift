import BookingAPI
import BookingCore
import BookingPrimitives
import Foundation
import Testing

/// Hardening round 3, item 8: a server sending a byte a second kept
/// `search` going 47 s: each of four tries ran to its 10 s timeout, with
/// the back-offs between. A request's timeout is now the whole call's:
/// the tries together spend at most that long waiting on the server, so a
/// read that timed out is not tried again, and the call ends as
/// "unavailable" once its time is spent.
@Suite struct CallDeadlineTests {
    /// Never answers: each try ends only by its timeout (cancellation).
    final class Silent: Transport {
        private let sent = Locked<Int>(0)
        var tries: Int { sent.withLock { $0 } }

        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            sent.withLock { $0 += 1 }
            let never = AsyncStream<Void> { _ in }
            for await _ in never {}
            throw TransportError(.connectionLost, "cancelled")
        }
    }

    @Test func aReadThatTimesOutIsNotTriedAgainPastTheCallsTimeout() async throws {
        let transport = Silent()
        let api = BookingAPIClient(
            server: try ServerAddress("http://127.0.0.1:9"), apiKey: "k", transport: transport,
            configuration: APIConfiguration(readTimeout: .milliseconds(300)), sleeper: RecordingSleeper())
        let error = await #expect(throws: APIError.self) { try await api.suggestPlaces("Lis") }
        #expect(error == .final(.unavailable, nil), "\(String(describing: error))")
        #expect(transport.tries == 1)
    }
}
