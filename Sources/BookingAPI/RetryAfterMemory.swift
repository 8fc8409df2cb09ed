/// Where a client keeps the server's last "wait until" beyond its own
/// process, so a new process obeys a `Retry-After` an earlier one received.
///
/// The client reads it once when it is created and writes it each time a
/// 408, 429 or 503 brings a usable `Retry-After`. Both sides are best
/// effort: a memory that cannot read answers `nil`, one that cannot write
/// drops the value (the gate of the running client still holds).
package protocol RetryAfterMemory: Sendable {
    /// The saved unix second before which nothing may be sent, if any is
    /// saved and believed (a value in the past is no gate).
    func savedDeadline(nowUnixSeconds: Int64) -> Int64?

    /// Saves `deadline` (unix seconds), the moment the server allowed the
    /// next request.
    func save(deadline: Int64, nowUnixSeconds: Int64)
}
