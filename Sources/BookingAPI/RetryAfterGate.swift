import Foundation

/// The earliest moment the server allowed the next request, from the last
/// `Retry-After` it sent with a 408, 429 or 503. Shared by every call of one
/// client, so a call that starts while another was told to wait waits too:
/// the flow's own schedule (a poll two seconds later) never comes back
/// before the server said it may.
///
/// Kept in wall-clock seconds (the only clock an HTTP-date can be read
/// against), rounded up by a second, whatever the length: a wait longer than
/// a call sits through stops that call with the time (never an early send).
final class RetryAfterGate: @unchecked Sendable {
    private let lock = NSLock()
    private var notBefore: Int64 = .min

    /// The server asked to wait `wait` from `nowUnixSeconds`. Returns the
    /// gate's deadline after the change.
    @discardableResult
    func record(wait: Duration, nowUnixSeconds: Int64) -> Int64 {
        record(deadline: Self.deadline(after: wait, nowUnixSeconds: nowUnixSeconds))
    }

    /// The deadline a wait of `wait` from `nowUnixSeconds` sets: rounded up
    /// by a second.
    static func deadline(after wait: Duration, nowUnixSeconds: Int64) -> Int64 {
        nowUnixSeconds &+ wait.wholeSeconds &+ 1
    }

    /// Nothing may be sent before `deadline` (unix seconds), as an earlier
    /// process was told. Returns the gate's deadline after the change.
    @discardableResult
    func record(deadline: Int64) -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        notBefore = max(notBefore, deadline)
        return notBefore
    }

    /// The wall-clock second before which nothing may be sent, if one is set
    /// and still ahead of `nowUnixSeconds`.
    func deadline(nowUnixSeconds: Int64) -> Int64? {
        lock.lock()
        defer { lock.unlock() }
        return notBefore > nowUnixSeconds ? notBefore : nil
    }
}
