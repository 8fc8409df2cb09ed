import BookingAPI
import BookingCore
import Testing

/// The payment-method switch's document (`GET /v1/payment-methods`) as the
/// client reads it: strict, unknown kinds ignored, another origin refused.
@Suite struct PaymentMethodsSnapshotTests {
    static let origin = "http://127.0.0.1:4242"

    static func document(origin: String = origin, methods: String) -> String {
        #"{"origin":"\#(origin)","changedAt":"2026-12-04T10:00:00.000Z","methods":[\#(methods)]}"#
    }

    static func read(_ body: String) async -> Result<PaymentMethodsSnapshot, APIError> {
        let client = BookingAPIClient(
            server: try! ServerAddress(origin), apiKey: "sk_test_t",
            transport: ScriptedTransport([.answer(200, ["Content-Type": "application/json"], body)]),
            sleeper: RecordingSleeper())
        do throws(APIError) {
            return .success(try await client.paymentMethods())
        } catch {
            return .failure(error)
        }
    }

    @Test func kindsOffKeepTheirReasonAndUnknownKindsAreIgnored() async throws {
        let body = Self.document(
            methods: #"""
                {"kind":"card","enabled":true},{"kind":"wallet","enabled":false,"reason":"Wallets are paused."},
                {"kind":"threeDSecure","enabled":false},{"kind":"crypto","enabled":false,"reason":"Never."}
                """#)
        let snapshot = try await Self.read(body).get()
        #expect(snapshot.off[.wallet] == .some("Wallets are paused."))
        #expect(snapshot.off[.threeDSecure] == .some(nil))
        #expect(snapshot.off[.card] == nil)
        #expect(snapshot.named == [.card, .wallet, .threeDSecure])
        #expect(snapshot.changedAtMilliseconds == 1_796_378_400_000)
    }

    @Test(arguments: [
        // another origin
        document(origin: "http://127.0.0.1:9999", methods: #"{"kind":"card","enabled":true}"#),
        document(origin: "https://evil.example", methods: #"{"kind":"card","enabled":true}"#),
        // a kind twice, a reason too long or empty, a bad time, a missing field, not JSON
        document(methods: #"{"kind":"card","enabled":true},{"kind":"card","enabled":false}"#),
        document(methods: #"{"kind":"card","enabled":false,"reason":"\#(String(repeating: "x", count: 201))"}"#),
        document(methods: #"{"kind":"card","enabled":false,"reason":""}"#),
        #"{"origin":"http://127.0.0.1:4242","changedAt":"yesterday","methods":[]}"#,
        #"{"origin":"http://127.0.0.1:4242","methods":[]}"#,
        #"{"origin":"http://127.0.0.1:4242","changedAt":"2026-12-04T10:00:00.000Z","methods":[{"kind":"card"}]}"#,
        "<html>",
    ])
    func aMalformedDocumentOrOneFromAnotherOriginIsRefused(body: String) async {
        guard case .failure(.invalidResponse) = await Self.read(body) else {
            Issue.record("accepted: \(body.prefix(120))")
            return
        }
    }
}
