import BookingAPI
import BookingCore
import Foundation
import Testing

@Suite struct RetryTests {
    /// A client whose calls have an hour each: these tests are about the
    /// retries, and a loaded machine that leaves the test process unscheduled
    /// for seconds must not read as the call's time spent (`CallDeadlineTests`
    /// covers the deadline).
    private func client(_ transport: ScriptedTransport, _ sleeper: RecordingSleeper) -> BookingAPIClient {
        let hour = Duration.seconds(3600)
        return BookingAPIClient(
            server: try! ServerAddress("http://127.0.0.1:9"), apiKey: "sk_test_t", transport: transport,
            // The payment keeps its default: a test reads it off the request.
            configuration: APIConfiguration(readTimeout: hour, holdTimeout: hour, cancelTimeout: hour),
            sleeper: sleeper, wallClockSeconds: { 1_800_000_000 })
    }

    @Test func retryAfterIsObeyedInSecondsAndAsADateWithTheSameKey() async throws {
        let hold =
            #"{"holdId":"h1","state":"HELD","expiresInMs":900000,"offerId":"o","quoteId":"q","price":\#(DecodingTests.price),"property":\#(DecodingTests.property),"checkIn":"2026-12-01","checkOut":"2026-12-03","version":1}"#
        let transport = ScriptedTransport([
            .answer(429, ["Retry-After": "7"], #"{"error":{"code":"RATE_LIMITED","message":"slow down"}}"#),
            // 1_800_000_000 is Fri, 15 Jan 2027 08:00:00 GMT; 12 s later:
            .answer(503, ["Retry-After": "Fri, 15 Jan 2027 08:00:12 GMT"], ""),
            .answer(201, [:], hold),
        ])
        let sleeper = RecordingSleeper()
        _ = try await client(transport, sleeper).createHold(
            offer: OfferID("o"), quote: QuoteID("q"), key: IdempotencyKey("k"))
        #expect(sleeper.recorded == [.seconds(7), .seconds(12)])
        #expect(transport.requests.map { $0.headers["Idempotency-Key"] } == ["k", "k", "k"])
    }

    @Test func aFinal4xxIsNeverRetried() async {
        let transport = ScriptedTransport([.answer(400, [:], #"{"error":{"code":"VALIDATION_ERROR","message":"bad"}}"#)]
        )
        let sleeper = RecordingSleeper()
        await #expect(throws: APIError.self) {
            try await client(transport, sleeper).createHold(
                offer: OfferID("o"), quote: QuoteID("q"), key: IdempotencyKey("k"))
        }
        #expect(transport.requests.count == 1)
        #expect(sleeper.recorded.isEmpty)
    }

    @Test func aLostAnswerOnAPaymentIsNeverResentBlindly() async {
        let transport = ScriptedTransport([.fail(TransportError(.connectionLost)), .answer(201, [:], "{}")])
        let error = await #expect(throws: APIError.self) {
            try await client(transport, RecordingSleeper())
                .createBooking(hold: HoldID("h"), paymentToken: PaymentToken("tok_visa"), key: IdempotencyKey("k"))
        }
        guard case .unknownOutcome? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(transport.requests.count == 1)
    }

    @Test func aPaymentThatCertainlyNeverLeftIsNotSentAtOnceWithoutWaiting() async throws {
        let booking = DecodingTests.booking()
        let transport = ScriptedTransport([.fail(TransportError(.cannotConnect)), .answer(201, [:], booking)])
        let sleeper = RecordingSleeper()
        let error = await #expect(throws: APIError.self) {
            try await client(transport, sleeper)
                .createBooking(hold: HoldID("h1"), paymentToken: PaymentToken("tok_visa"), key: IdempotencyKey("k1"))
        }
        guard case .final(.notSent, _)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(transport.requests.map { $0.headers["Idempotency-Key"] } == ["k1"])
        #expect(sleeper.recorded.isEmpty)
    }

    @Test func everyPostCarriesTheKeyAndTheBearerToken() async throws {
        let transport = ScriptedTransport([.answer(201, [:], DecodingTests.booking())])
        _ = try await client(transport, RecordingSleeper())
            .createBooking(hold: HoldID("h1"), paymentToken: PaymentToken("tok_visa"), key: IdempotencyKey("k1"))
        let request = try #require(transport.requests.first)
        #expect(request.headers["Idempotency-Key"] == "k1")
        #expect(request.headers["Authorization"] == "Bearer sk_test_t")
        #expect(request.timeout == .seconds(30))
    }

    @Test func aHungServerIsATimeoutEvenOverATransportWithoutOne() async {
        struct Hung: Transport {
            func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
                // An hour: a machine stalled past both deadlines must still
                // find the 0.1 s timeout first (at 30 s a stall that long
                // could resume both at once, either first).
                // check-no-sleep: allowed (a hung server: the client's own timeout ends the wait)
                try? await Task.sleep(for: .seconds(3_600))
                throw TransportError(.connectionLost)
            }
        }
        let api = BookingAPIClient(
            server: try! ServerAddress("http://127.0.0.1:9"), apiKey: "k", transport: Hung(),
            configuration: APIConfiguration(payTimeout: .milliseconds(100)), sleeper: RecordingSleeper())
        let error = await #expect(throws: APIError.self) {
            try await api.createBooking(hold: HoldID("h"), paymentToken: PaymentToken("t"), key: IdempotencyKey("k"))
        }
        guard case .unknownOutcome? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: [
        "http://example.com", "http://10.0.0.5:8080", "http://127.0.0.1.evil.com", "ftp://127.0.0.1",
        "https://user:pw@example.com", "https://example.com/?q=1", "not a url", "http://",
    ])
    func plainHTTPOnlyGoesToLoopbackAndOddURLsAreRefused(url: String) {
        #expect(throws: ServerAddress.Rejection.self) { try ServerAddress(url) }
    }

    @Test(arguments: [
        "https://api.example.com", "http://127.0.0.1:8080", "http://localhost:1",
        "http://127.5.6.7",
    ])
    func httpsAnywhereAndHTTPToLoopbackAreAccepted(url: String) throws {
        _ = try ServerAddress(url)
    }

    @Test func anIdCannotAddAPathSegment() async throws {
        let transport = ScriptedTransport([.answer(200, [:], DecodingTests.booking())])
        // The answer is about booking b1, not the odd id asked for: refused too.
        await #expect(throws: APIError.self) {
            try await client(transport, RecordingSleeper()).booking(BookingID("../sandbox/ledger?x=1"))
        }
        let path = try #require(transport.requests.first?.url.absoluteString)
        #expect(path.hasSuffix("/v1/bookings/..%2Fsandbox%2Fledger%3Fx%3D1"))
    }
}

@Suite struct ReplayedHoldTests {
    @Test func aReplayedHoldIsReadAgainSoTheCountdownNeverShowsStaleTime() async throws {
        func hold(_ ms: Int) -> String {
            #"{"holdId":"h1","state":"HELD","expiresInMs":\#(ms),"offerId":"o","quoteId":"q","price":\#(DecodingTests.price),"property":\#(DecodingTests.property),"checkIn":"2026-12-01","checkOut":"2026-12-03","version":1}"#
        }
        let transport = ScriptedTransport([
            .answer(201, ["Idempotent-Replayed": "true"], hold(900_000)),
            .answer(200, [:], hold(312_000)),
        ])
        let api = BookingAPIClient(
            server: try ServerAddress("http://127.0.0.1:9"), apiKey: "k", transport: transport,
            sleeper: RecordingSleeper())
        let snapshot = try await api.createHold(offer: OfferID("o"), quote: QuoteID("q"), key: IdempotencyKey("k"))
        #expect(snapshot.expiresInMs == 312_000)
        #expect(transport.requests.map(\.method) == ["POST", "GET"])
    }
}
