/// The bounds of one run: how many requests and how much time the checks
/// may take, and what is kept back for the cleanup that follows them.
public struct RunLimits: Sendable, Equatable {
    /// Requests the checks may send (a run against the sandbox sends about 130).
    public var checkRequests: Int
    /// Requests the cleanup may send on top (releases and cancels).
    public var cleanupRequests: Int
    /// Seconds the checks may take (a run against the sandbox takes a few).
    public var checkSeconds: Double
    /// The longest `Retry-After` the kit waits; a longer one ends the check.
    public var longestWaitSeconds: Double
    /// Each request's timeout.
    public var requestTimeoutSeconds: Double

    /// The default bounds: 300 requests and 60 s for the checks, 150
    /// requests for the cleanup, waits of at most 5 s, 10 s per request.
    public init(
        checkRequests: Int = 300, cleanupRequests: Int = 150, checkSeconds: Double = 60,
        longestWaitSeconds: Double = 5, requestTimeoutSeconds: Double = 10
    ) {
        self.checkRequests = checkRequests
        self.cleanupRequests = cleanupRequests
        self.checkSeconds = checkSeconds
        self.longestWaitSeconds = longestWaitSeconds
        self.requestTimeoutSeconds = requestTimeoutSeconds
    }
}
