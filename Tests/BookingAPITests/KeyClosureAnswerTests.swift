import BookingAPI
import BookingCore
import Foundation
import Testing

/// `closeKey`'s answer is checked against its request: the key it names,
/// and a booking exactly when it says `USED`, made under that key. Anything
/// else is refused, never read as "not paid".
@Suite struct KeyClosureAnswerTests {
    static func answer(key: String = "k1", state: String, booking: String) -> String {
        #"{"idempotencyKey":"\#(key)","state":"\#(state)","booking":\#(booking)}"#
    }

    private func close(_ status: Int, _ body: String, times: Int = 1) async throws(APIError) -> KeyClosureAnswer {
        let client = BookingAPIClient(
            server: try! ServerAddress("http://127.0.0.1:9"), apiKey: "sk_test_t",
            transport: ScriptedTransport(Array(repeating: .answer(status, [:], body), count: times)),
            sleeper: RecordingSleeper())
        return try await client.closeKey(IdempotencyKey("k1"))
    }

    @Test func aClosedKeyAndAUsedKeyAreRead() async throws {
        #expect(try await close(200, Self.answer(state: "CLOSED", booking: "null")) == .closed)
        guard
            case .used(let booking) = try await close(200, Self.answer(state: "USED", booking: DecodingTests.booking()))
        else {
            Issue.record("not used")
            return
        }
        #expect(booking.bookingId == BookingID("b1"))
    }

    @Test(arguments: [
        answer(key: "other", state: "CLOSED", booking: "null"),
        answer(state: "CLOSED", booking: DecodingTests.booking()),
        answer(state: "USED", booking: "null"),
        answer(state: "USED", booking: DecodingTests.booking().replacingOccurrences(of: "\"k1\"", with: "\"k2\"")),
        answer(state: "OPEN", booking: "null"),
    ])
    func anAnswerAboutAnotherKeyOrWithTheWrongBookingIsRefused(body: String) async {
        do {
            _ = try await close(200, body)
            Issue.record("accepted: \(body)")
        } catch {
            guard case .invalidResponse = error else {
                Issue.record("not refused as invalid: \(error)")
                return
            }
        }
    }

    @Test func aKeyStillInUseIsAnErrorThatNamesItNeverClosed() async {
        let body = #"{"error":{"code":"IDEMPOTENCY_KEY_IN_USE","message":"still running"}}"#
        do {
            // Retried like any request meeting a key in use, then given up with the server's code.
            _ = try await close(409, body, times: OutcomePolicy().maxAttempts)
            Issue.record("a key in use read as an answer")
        } catch {
            guard case .final(_, let detail?) = error, detail.code == "IDEMPOTENCY_KEY_IN_USE" else {
                Issue.record("not the server's IN_USE: \(error)")
                return
            }
        }
    }
}
