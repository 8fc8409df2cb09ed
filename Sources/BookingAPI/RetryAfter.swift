import BookingPrimitives

/// The `Retry-After` header: delta-seconds (`120`) or an HTTP-date. Parsed
/// strictly: a value that is garbage, negative, fractional, signed or
/// overflowing (more than ten digits) is unusable, and the caller falls back
/// to its back-off. A usable value is obeyed whatever its length: a wait
/// longer than the caller sits through stops the call and says until when
/// (`FinalFailure.waitRequested`), never a request sent early.
package enum RetryAfter {
    /// The wait the header asks for, or `nil` when it is unusable (see the
    /// type). A date in the past means "now" (zero). `nowUnixSeconds` is the
    /// wall clock, used only to turn an HTTP-date into a wait.
    package static func delay(_ header: String, nowUnixSeconds: Int64) -> Duration? {
        let trimmed = trimOWS(header)
        guard !trimmed.isEmpty else { return nil }
        let wait: Duration
        if trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            // delta-seconds: 1*DIGIT. More than 10 digits is far past any ceiling.
            guard trimmed.utf8.count <= 10, let seconds = Int64(trimmed) else { return nil }
            wait = .seconds(seconds)
        } else if let date = HTTPDate.unixSeconds(trimmed, nowUnixSeconds: nowUnixSeconds) {
            wait = .seconds(max(0, date - nowUnixSeconds))
        } else {
            return nil
        }
        return wait
    }

    /// The header if usable, else `backoff`'s wait before retry `retry`.
    package static func delay(
        _ header: String?, nowUnixSeconds: Int64, backoff: RetryBackoff, retry: Int
    ) -> Duration {
        if let header, let wait = delay(header, nowUnixSeconds: nowUnixSeconds) { return wait }
        return backoff.delay(beforeRetry: retry)
    }

    private static func trimOWS(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
