import BookingAPI
import Testing

/// Retry-After, the retry back-off and the outcome classification.
@Suite struct PolicyTests {
    static let now: Int64 = 784_111_777  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test(arguments: [
        ("0", 0), ("5", 5), ("60", 60), (" 7\t", 7), ("007", 7),
        ("Sun, 06 Nov 1994 08:50:07 GMT", 30),
        ("Sunday, 06-Nov-94 08:50:37 GMT", 60),
        ("Sun Nov  6 08:49:47 1994", 10),
        ("Sun, 06 Nov 1994 08:00:00 GMT", 0),  // in the past: now
        ("61", 61), ("3600", 3_600), ("9999999999", 9_999_999_999),  // obeyed at every length
        ("Sun, 06 Nov 1994 09:49:37 GMT", 3_600),
    ])
    func usableRetryAfterValuesAreObeyedWhateverTheirLength(header: String, seconds: Int64) {
        #expect(RetryAfter.delay(header, nowUnixSeconds: Self.now) == .seconds(seconds))
    }

    @Test(arguments: [
        "", " ", "-5", "+5", "5.0", "1e3", "0x10", "5s", "five", "99999999999", "99999999999999999999",
        "٣", "5 5", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:00:00 GMT",
        "Sun, 06 Nov 1994 08:49:37 PST", "06 Nov 1994 08:49:37 GMT", "Sun, 6 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49:37 GMT\u{0}", "Funday, 06-Nov-94 08:49:37 GMT",
    ])
    func garbageNegativeOrOverflowingRetryAfterFallsBackToTheBackOff(header: String) {
        #expect(RetryAfter.delay(header, nowUnixSeconds: Self.now) == nil)
        let backoff = RetryBackoff(base: .seconds(1), cap: .seconds(30))
        #expect(RetryAfter.delay(header, nowUnixSeconds: Self.now, backoff: backoff, retry: 3) == .seconds(4))
    }

    @Test func aRetryAfterLongerThanTheCallWaitsStopsItWithTheTimeItNames() {
        let hour = RequestOutcome.response(status: 429, errorCode: "RATE_LIMITED", retryAfter: "3600")
        #expect(Self.decide(hour, .read) == .final(.waitRequested(until: Self.now + 3_600)))
        #expect(Self.decide(hour, .hold) == .final(.waitRequested(until: Self.now + 3_600)))
        // A 429 or 503 never proves that a payment did not run (a gateway
        // answers them after the server ran it): looked up, never final.
        #expect(Self.decide(hour, .payment) == .unknownOutcome)
        let busy = RequestOutcome.response(status: 503, errorCode: nil, retryAfter: "Sun, 06 Nov 1994 09:49:37 GMT")
        #expect(Self.decide(busy, .payment) == .unknownOutcome)
        #expect(Self.decide(busy, .cancellation) == .unknownOutcome)
        // A key still in use: the first request runs, so the payment is looked up.
        let inUse = RequestOutcome.response(status: 409, errorCode: "IDEMPOTENCY_KEY_IN_USE", retryAfter: "3600")
        #expect(Self.decide(inUse, .payment) == .unknownOutcome)
        #expect(Self.decide(busy, .read) == .final(.waitRequested(until: Self.now + 3_600)))
        // Within the wait a call sits through: retried after it, never before.
        let minute = RequestOutcome.response(status: 503, errorCode: nil, retryAfter: "60")
        #expect(Self.decide(minute, .read) == .retry(after: .seconds(60)))
        let past = RequestOutcome.response(status: 503, errorCode: nil, retryAfter: "Sun, 06 Nov 1994 08:00:00 GMT")
        #expect(Self.decide(past, .read) == .retry(after: .zero))
    }

    @Test func backOffDoublesUpToItsCap() {
        let backoff = RetryBackoff(base: .seconds(1), cap: .seconds(30))
        #expect((1...7).map { backoff.delay(beforeRetry: $0) } == [1, 2, 4, 8, 16, 30, 30].map { .seconds($0) })
        #expect(backoff.delay(beforeRetry: 10_000) == .seconds(30))
    }

    static let policy = OutcomePolicy(maxAttempts: 3)

    static func decide(_ outcome: RequestOutcome, _ kind: RequestKind, attempt: Int = 1) -> OutcomeDecision {
        policy.decide(outcome, for: kind, attempt: attempt, nowUnixSeconds: now)
    }

    static func response(_ status: Int, _ code: String? = nil, retryAfter: String? = nil) -> RequestOutcome {
        .response(status: status, errorCode: code, retryAfter: retryAfter)
    }

    @Test func aLostAnswerOnAPaymentIsAnUnknownOutcomeAtOnce() {
        for failure in [NetworkFailure.timedOut, .connectionLost] {
            #expect(Self.decide(.network(failure), .payment) == .unknownOutcome)
            #expect(Self.decide(.network(failure), .cancellation) == .unknownOutcome)
            #expect(Self.decide(.network(failure), .hold) == .retry(after: .seconds(1)))
            #expect(Self.decide(.network(failure), .read, attempt: 3) == .final(.unavailable))
        }
    }

    @Test func aRequestThatNeverLeftIsOfflineAtOnceWithoutRetries() {
        for failure in [NetworkFailure.notConnected, .cannotConnect, .dnsFailure, .tlsFailure] {
            for kind in [RequestKind.payment, .hold, .read] {
                #expect(Self.decide(.network(failure), kind) == .final(.notSent(TransportError(failure))))
            }
        }
    }

    @Test func serverErrorsOnPaymentsAreUnknownAndOnReadsAreRetried() {
        for status in [500, 502, 504] {
            #expect(Self.decide(Self.response(status), .payment) == .unknownOutcome)
            #expect(Self.decide(Self.response(status), .read) == .retry(after: .seconds(1)))
            #expect(Self.decide(Self.response(status), .hold, attempt: 3) == .final(.unavailable))
        }
    }

    @Test func aRedirectIsAServerErrorUnknownForMoneyNeverDeclined() {
        for status in [301, 302, 303, 304, 307, 308] {
            #expect(Self.decide(Self.response(status), .payment) == .unknownOutcome)
            #expect(Self.decide(Self.response(status), .cancellation) == .unknownOutcome)
            #expect(Self.decide(Self.response(status), .hold) == .final(.unavailable))
            #expect(Self.decide(Self.response(status), .read) == .final(.unavailable))
        }
    }

    @Test func rateLimitsAndUnavailableObeyRetryAfter() {
        #expect(Self.decide(Self.response(429, retryAfter: "7"), .hold) == .retry(after: .seconds(7)))
        #expect(Self.decide(Self.response(429, retryAfter: "7"), .payment) == .unknownOutcome)
        #expect(Self.decide(Self.response(503, retryAfter: "garbage"), .read, attempt: 2) == .retry(after: .seconds(2)))
        #expect(Self.decide(Self.response(408), .hold) == .retry(after: .seconds(1)))
        #expect(Self.decide(Self.response(503), .hold, attempt: 2) == .retry(after: .seconds(2)))
        #expect(Self.decide(Self.response(503), .hold, attempt: 3) == .final(.unavailable))
        for status in [408, 429, 503] {
            #expect(Self.decide(Self.response(status), .payment) == .unknownOutcome)
            #expect(Self.decide(Self.response(status), .payment, attempt: 3) == .unknownOutcome)
        }
    }

    /// Only the server's word on a key settles a payment: an answer without
    /// the contract's machine code (a gateway's page, a cut body) is looked
    /// up, never read as "declined" or "refused" from its status.
    @Test func aMoneyAnswerWithoutTheContractsCodeIsLookedUp() {
        for status in [400, 402, 404, 409, 410, 422, 500, 502, 504] {
            #expect(Self.decide(Self.response(status), .payment) == .unknownOutcome, "HTTP \(status)")
        }
        #expect(Self.decide(Self.response(402, "PAYMENT_DECLINED"), .payment) == .showUser(.paymentDeclined))
        #expect(
            Self.decide(Self.response(400, "INVALID_PAYMENT_TOKEN"), .payment)
                == .final(.rejected(status: 400, errorCode: "INVALID_PAYMENT_TOKEN")))
        #expect(Self.decide(Self.response(402), .hold) == .showUser(.paymentDeclined))
    }

    @Test func theBodysCodeDecidesWhatA409Means() {
        #expect(Self.decide(Self.response(409, "PRICE_CHANGED"), .hold) == .showUser(.priceChanged))
        #expect(Self.decide(Self.response(409, "SOLD_OUT"), .hold) == .showUser(.soldOut))
        #expect(Self.decide(Self.response(409, "IDEMPOTENCY_KEY_IN_USE"), .payment) == .retry(after: .seconds(1)))
        #expect(Self.decide(Self.response(409, "IDEMPOTENCY_KEY_IN_USE"), .payment, attempt: 3) == .unknownOutcome)
        #expect(
            Self.decide(Self.response(409, "STALE_VERSION"), .cancellation)
                == .final(.rejected(status: 409, errorCode: "STALE_VERSION")))
    }

    @Test func businessAnswersGoToTheUserAndOtherClientErrorsAreFinal() {
        #expect(Self.decide(Self.response(409, "EXPIRED"), .payment) == .showUser(.expired))
        #expect(Self.decide(Self.response(410), .read) == .showUser(.expired))
        #expect(Self.decide(Self.response(402, "PAYMENT_DECLINED"), .payment) == .showUser(.paymentDeclined))
        #expect(Self.decide(Self.response(422, "IDEMPOTENCY_KEY_REUSED"), .payment) == .unknownOutcome)
        #expect(
            Self.decide(Self.response(422, "IDEMPOTENCY_KEY_REUSED"), .hold)
                == .final(.rejected(status: 422, errorCode: "IDEMPOTENCY_KEY_REUSED")))
        #expect(
            Self.decide(Self.response(400, "INVALID_PAYMENT_TOKEN"), .payment)
                == .final(.rejected(status: 400, errorCode: "INVALID_PAYMENT_TOKEN")))
        #expect(
            Self.decide(Self.response(401, "UNAUTHENTICATED"), .read)
                == .final(.rejected(status: 401, errorCode: "UNAUTHENTICATED")))
        #expect(Self.decide(Self.response(201), .payment) == .success)
    }
}
