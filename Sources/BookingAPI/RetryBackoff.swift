/// The wait before retrying a request that failed in a retryable way when
/// the server gave no usable `Retry-After`: `base`, doubling with each
/// retry, never more than `cap`. Deterministic (no jitter).
package struct RetryBackoff: Hashable, Sendable {
    /// The wait before the first retry.
    package let base: Duration
    /// The longest wait.
    package let cap: Duration

    /// A back-off from `base`, doubling, capped at `cap`.
    package init(base: Duration = .seconds(1), cap: Duration = .seconds(30)) {
        self.base = base
        self.cap = max(base, cap)
    }

    /// The wait before retry number `retry` (1 for the first retry).
    package func delay(beforeRetry retry: Int) -> Duration {
        var delay = base
        var step = 1
        while step < retry && delay < cap {
            delay = delay * 2
            step += 1
        }
        return min(delay, cap)
    }
}
