/// A 429 or 503 answered to a keyed POST before any other answer for its key,
/// and what followed it: the lookup by key (a payment) and the answer to
/// the same request sent again under the same key.
struct UnclearAnswer: Sendable, Equatable {
    /// The 429 or 503.
    var answer: Exchange
    /// `GET /v1/bookings?attempt=<key>`, sent at once after a payment's.
    var lookup: Exchange?
    /// The next answer to the same request under the same key.
    var resend: Exchange?
}
