/// Where a client keeps the server's last `Idempotency-Key-Lifetime` beyond
/// its own process, so a resend and the next launch's reconciliation
/// measure a key's age against what the server said, not a fixed guess.
///
/// The client tells it every header it reads, usable or not, on any answer.
/// Both calls are best effort and must be quick: a memory that cannot write
/// drops the value.
package protocol KeyLifetimeMemory: Sendable {
    /// The server said it keeps keys `seconds` long (within `KeyLifetime.believed`).
    func save(seconds: Int64)

    /// The server sent `header`, which is no usable lifetime (`reason`):
    /// nothing changes; the memory may log it.
    func refuse(header: String, reason: String)
}
