/// What to do after one try of a request.
package enum OutcomeDecision: Hashable, Sendable {
    /// A 2xx answer: use it.
    case success
    /// Try again with the same idempotency key after this wait.
    case retry(after: Duration)
    /// An answer the API defines as a business outcome: show it to the user.
    case showUser(UserFacingError)
    /// Nothing more to try; the request did not do what it asked.
    case final(FinalFailure)
    /// A request that moves money got no clear answer: look the attempt up by
    /// its key before anything else; never mark it final blindly.
    case unknownOutcome
}

/// A business answer that goes to the user rather than to a retry.
package enum UserFacingError: Hashable, Sendable {
    /// `409 PRICE_CHANGED`: the quote is gone; a new one came with it.
    case priceChanged
    /// `409 SOLD_OUT`.
    case soldOut
    /// The hold or booking expired (`EXPIRED`, `HOLD_EXPIRED`, or `410`).
    case expired
    /// The payment was declined (`402`, `PAYMENT_DECLINED`, `CARD_DECLINED`).
    case paymentDeclined
}

/// Why a request ended without success.
package enum FinalFailure: Hashable, Sendable {
    /// The request certainly never reached the server, and the tries are
    /// used up. `reason` is why, as the transport said it: offline, the
    /// connection refused, no address for the name (DNS), a secure
    /// connection refused (`NetworkFailure.tlsFailure`: the server's
    /// certificate not trusted, TLS older than 1.2). Nil when no try was
    /// made: the call was stopped or cancelled before one, or there is no
    /// server to send to.
    case notSent(_ reason: TransportError?)
    /// The server kept answering "later" (408, 429, 503, key in use) or kept
    /// failing on a request that moves no money, and the tries are used up.
    case unavailable
    /// The server refused the request for good (another 4xx).
    case rejected(status: Int, errorCode: String?)
    /// The server asked to wait (`Retry-After`) longer than the caller sits
    /// through: nothing more is sent before this wall-clock time (unix seconds).
    case waitRequested(until: Int64)
}
