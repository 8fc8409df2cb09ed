import Foundation

/// The earliest moment the server allowed the next request, from the last
/// `Retry-After` it sent with a 408, 429 or 503. Shared by every call of one
/// client, so a call that starts while another was told to wait waits too:
/// the flow's own schedule (a poll two seconds later) never comes back
/// before the server said it may.
///
/// Kept in wall-clock seconds (the only clock an HTTP-date can be read
/// against), rounded up by a second, and never longer than the policy's
/// ceiling, so a wall clock that jumps cannot stall a call for long.
final class RetryAfterGate: @unchecked Sendable {
    private let lock = NSLock()
    private var notBefore: Int64 = .min

    /// The server asked to wait `wait` from `nowUnixSeconds`.
    func record(wait: Duration, nowUnixSeconds: Int64) {
        let seconds = wait.components.seconds + (wait.components.attoseconds > 0 ? 1 : 0)
        let deadline = nowUnixSeconds &+ seconds &+ 1
        lock.lock()
        notBefore = max(notBefore, deadline)
        lock.unlock()
    }

    /// How long a new call must wait before its first try; nil when it need not.
    func remaining(nowUnixSeconds: Int64, ceiling: Duration) -> Duration? {
        lock.lock()
        let deadline = notBefore
        lock.unlock()
        guard deadline > nowUnixSeconds else { return nil }
        return min(.seconds(deadline - nowUnixSeconds), ceiling)
    }
}
