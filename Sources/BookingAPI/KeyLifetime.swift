/// The server's `Idempotency-Key-Lifetime` header: how long, in seconds, it
/// keeps an idempotency key and the answer stored under it. Past that the
/// same key makes a new request, so the client never sends a payment again
/// under a key that old.
///
/// Read on every answer, whatever its status. A value that is not a whole
/// number of seconds in `believed` (garbage, negative, zero, longer than 30
/// days) is refused and changes nothing: the last good value holds.
package enum KeyLifetime {
    /// The header's name.
    package static let header = "Idempotency-Key-Lifetime"

    /// The values believed: 1 s ... 30 days.
    package static let believed: ClosedRange<Int64> = 1...(30 * 86_400)

    /// What one header said.
    package enum Reading: Sendable, Equatable {
        /// A usable lifetime, in seconds.
        case seconds(Int64)
        /// A value refused, and why.
        case refused(reason: String)
    }

    /// Reads one header value: digits only (an optional leading `+` or
    /// surrounding spaces aside), within `believed`.
    package static func read(_ value: String) -> Reading {
        var text = Substring(value).trimmingSpaces()
        if text.first == "+" { text = text.dropFirst() }
        guard !text.isEmpty, text.utf8.count <= 12, text.utf8.allSatisfy({ (48...57).contains($0) }),
            let seconds = Int64(text)
        else {
            return .refused(reason: "not a whole number of seconds")
        }
        guard believed.contains(seconds) else {
            return .refused(reason: "\(seconds) s is outside 1 s ... 30 days")
        }
        return .seconds(seconds)
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
