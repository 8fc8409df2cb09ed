import BookingCore

/// Timeouts and the retry policy of the API client.
public struct APIConfiguration: Sendable {
    /// When to retry, wait, give up or call the outcome unknown.
    package var policy: OutcomePolicy
    /// Timeout of a read (`GET`).
    public var readTimeout: Duration
    /// Timeout of `POST /v1/holds`.
    public var holdTimeout: Duration
    /// Timeout of `POST /v1/bookings` (the payment): 30 s by default.
    public var payTimeout: Duration
    /// Timeout of `POST /v1/bookings/{id}/cancel`.
    public var cancelTimeout: Duration

    /// Creates a configuration with these timeouts and the contract's retry
    /// policy.
    public init(
        readTimeout: Duration = .seconds(10), holdTimeout: Duration = .seconds(15),
        payTimeout: Duration = .seconds(30), cancelTimeout: Duration = .seconds(30)
    ) {
        self.init(
            policy: OutcomePolicy(), readTimeout: readTimeout, holdTimeout: holdTimeout, payTimeout: payTimeout,
            cancelTimeout: cancelTimeout)
    }

    /// Creates a configuration with a retry policy of the package's own
    /// (tests, the command line's quick checks).
    package init(
        policy: OutcomePolicy, readTimeout: Duration = .seconds(10), holdTimeout: Duration = .seconds(15),
        payTimeout: Duration = .seconds(30), cancelTimeout: Duration = .seconds(30)
    ) {
        self.policy = policy
        self.readTimeout = readTimeout
        self.holdTimeout = holdTimeout
        self.payTimeout = payTimeout
        self.cancelTimeout = cancelTimeout
    }
}
