/// Classifies the outcome of one try of a request: retry (with the same
/// idempotency key, after a wait that obeys `Retry-After`), show the user,
/// final, or unknown outcome. Pure: the wall clock comes in as a number,
/// used only to read an HTTP-date `Retry-After`.
///
/// The rules (the client decides by the body's machine code, not the status
/// alone, since 409 means three different things):
/// - 2xx: success.
/// - No answer, nothing sent (offline, DNS, refused, unroutable, TLS): final
///   `notSent` at once, with the kind of failure (the executor adds the
///   transport's words). Retries are for answers that may change; a network
///   that is not there, a name with no address or a certificate refused is
///   reported as such without waiting.
/// - No answer, maybe sent (timeout, dropped): a request that moves money is
///   an unknown outcome at once; any other is retried, then final `unavailable`.
/// - 408, 429, 503 on a request that moves money: unknown outcome at once.
///   The contract's own server answers them before anything runs, but a
///   status code alone never proves that: a gateway in front of the server
///   (nginx's `error_page`, Envoy's upstream reset, a load balancer) answers
///   them after the server ran the request, with or without the contract's
///   body. So the key is looked up before anything is concluded or sent
///   again; only the server's word on the key settles it.
/// - 408, 429, 503 on any other request, `409 IDEMPOTENCY_KEY_IN_USE`:
///   retry (a hold under its own key: the server replays a hold it made);
///   when the tries run out, unknown outcome for money after a key still in
///   use, else final `unavailable`. A `Retry-After` longer than
///   `longestWait` stops at once the same way, and otherwise as final
///   `waitRequested(until:)`: nothing is sent before the time the server
///   named. The caller of a hold request reads `unavailable` and
///   `waitRequested` after a try left as "not known yet", never "not held".
/// - Other 5xx: unknown outcome for money; otherwise retry, then `unavailable`.
/// - Any other answer without the contract's machine code on a request that
///   moves money: unknown outcome (a gateway's page, a cut body: not the
///   server's word on the key).
/// - 3xx: the contract has no redirects and none is followed, so a 3xx is a
///   server that answered without a result (it may have acted first):
///   unknown outcome for money, otherwise final `unavailable`. Never a
///   business answer such as "declined".
/// - `409 PRICE_CHANGED`, `409 SOLD_OUT`, `EXPIRED`/`HOLD_EXPIRED`/410,
///   402/`PAYMENT_DECLINED`/`CARD_DECLINED`: show the user.
/// - `422 IDEMPOTENCY_KEY_REUSED`: unknown outcome for money (a request with
///   this key already ran: look it up), otherwise final.
/// - Any other 4xx: final.
package struct OutcomePolicy: Hashable, Sendable {
    /// Tries in all, the first included.
    package let maxAttempts: Int
    /// The waits when no usable `Retry-After` came.
    package let backoff: RetryBackoff
    /// The longest wait one call sits through before a retry; a longer
    /// `Retry-After` ends the call with the time it names.
    package let longestWait: Duration

    /// A policy.
    package init(maxAttempts: Int = 4, backoff: RetryBackoff = RetryBackoff(), longestWait: Duration = .seconds(60)) {
        self.maxAttempts = max(1, maxAttempts)
        self.backoff = backoff
        self.longestWait = longestWait
    }

    /// Machine codes the contract uses in error bodies.
    package enum ErrorCode {
        /// 409: the quote is no longer valid; the body has the new one.
        package static let priceChanged = "PRICE_CHANGED"
        /// 409: no room left.
        package static let soldOut = "SOLD_OUT"
        /// The hold or booking expired.
        package static let expired = "EXPIRED"
        /// The hold expired (alternative spelling).
        package static let holdExpired = "HOLD_EXPIRED"
        /// 409: a request with this key is still running; retry with the same key.
        package static let keyInUse = "IDEMPOTENCY_KEY_IN_USE"
        /// 422: this key was used with other parameters.
        package static let keyReused = "IDEMPOTENCY_KEY_REUSED"
        /// 409: the payment method's kind is switched off (`GET
        /// /v1/payment-methods`): nothing ran, nothing was charged.
        package static let paymentMethodDisabled = "PAYMENT_METHOD_DISABLED"
        /// 409: this key was closed (`POST /v1/bookings/close-key`): nothing
        /// sent under it runs. Final, and for a payment a certain "not paid".
        package static let keyClosed = "IDEMPOTENCY_KEY_CLOSED"
        /// 402: the payment was declined.
        package static let paymentDeclined = "PAYMENT_DECLINED"
        /// 402: the card was declined (alternative spelling).
        package static let cardDeclined = "CARD_DECLINED"
    }

    /// The decision after try number `attempt` (1 for the first) of a
    /// `kind` request ended in `outcome`.
    package func decide(
        _ outcome: RequestOutcome, for kind: RequestKind, attempt: Int, nowUnixSeconds: Int64
    ) -> OutcomeDecision {
        let canRetry = attempt < maxAttempts
        let wait = { (header: String?) in
            RetryAfter.delay(header, nowUnixSeconds: nowUnixSeconds, backoff: backoff, retry: max(1, attempt))
        }
        switch outcome {
        case .network(let failure):
            if failure.requestCertainlyNotSent { return .final(.notSent(TransportError(failure))) }
            if kind.movesMoney { return .unknownOutcome }
            return canRetry ? .retry(after: wait(nil)) : .final(.unavailable)

        case .response(let status, let code, let retryAfter):
            if (200...299).contains(status) { return .success }
            if kind.movesMoney && code == nil {
                // No machine code: not the server's word on the key (a
                // gateway's page, a truncated body). Looked up, never read
                // as "declined" or "refused" from the status alone.
                return .unknownOutcome
            }
            if let userFacing = Self.userFacing(status: status, code: code) { return .showUser(userFacing) }
            if code == ErrorCode.keyReused {
                return kind.movesMoney ? .unknownOutcome : .final(.rejected(status: status, errorCode: code))
            }
            let keyInUse = code == ErrorCode.keyInUse
            if kind.movesMoney && !keyInUse && (status == 408 || status == 429 || status == 503) {
                return .unknownOutcome
            }
            if status == 408 || status == 429 || status == 503 || keyInUse {
                let mayHaveActed = kind.movesMoney
                let delay = wait(retryAfter)
                if delay > longestWait {
                    return mayHaveActed
                        ? .unknownOutcome : .final(.waitRequested(until: nowUnixSeconds + delay.wholeSeconds))
                }
                if canRetry { return .retry(after: delay) }
                return mayHaveActed ? .unknownOutcome : .final(.unavailable)
            }
            if (300...399).contains(status) {
                return kind.movesMoney ? .unknownOutcome : .final(.unavailable)
            }
            if (500...599).contains(status) {
                if kind.movesMoney { return .unknownOutcome }
                let delay = wait(retryAfter)
                if delay > longestWait { return .final(.waitRequested(until: nowUnixSeconds + delay.wholeSeconds)) }
                return canRetry ? .retry(after: delay) : .final(.unavailable)
            }
            return .final(.rejected(status: status, errorCode: code))
        }
    }

    private static func userFacing(status: Int, code: String?) -> UserFacingError? {
        switch code {
        case ErrorCode.priceChanged?: return .priceChanged
        case ErrorCode.soldOut?: return .soldOut
        case ErrorCode.expired?, ErrorCode.holdExpired?: return .expired
        case ErrorCode.paymentDeclined?, ErrorCode.cardDeclined?: return .paymentDeclined
        default: break
        }
        if status == 410 { return .expired }
        if status == 402 { return .paymentDeclined }
        return nil
    }
}

extension Duration {
    /// The whole seconds of the duration, a started second counted.
    package var wholeSeconds: Int64 {
        components.seconds + (components.attoseconds > 0 ? 1 : 0)
    }
}
