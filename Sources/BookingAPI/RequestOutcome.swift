/// What came back from one try of a request, in the terms the outcome
/// policy decides on. The API layer builds it from the transport's result.
package enum RequestOutcome: Hashable, Sendable {
    /// No HTTP answer.
    case network(NetworkFailure)
    /// An HTTP answer: the status, the machine code from the error body (if
    /// any) and the raw `Retry-After` header (if any).
    case response(status: Int, errorCode: String?, retryAfter: String?)
}

/// Which request the outcome belongs to: the policy is stricter for the ones
/// that move money.
package enum RequestKind: Hashable, Sendable, CaseIterable {
    /// A `GET`: safe to repeat.
    case read
    /// `POST /v1/holds`: idempotent by key, moves no money.
    case hold
    /// `POST /v1/bookings`: moves money.
    case payment
    /// `POST /v1/bookings/{id}/cancel`: moves money back.
    case cancellation
    /// `POST /v1/bookings/{id}/modifications`: moves the difference of new dates.
    case modification

    /// Whether a lost answer leaves the money question open.
    package var movesMoney: Bool { self == .payment || self == .cancellation || self == .modification }

    /// Whether a try that left and got no clear answer ends the call as an
    /// unknown outcome (asked again under its key) rather than a failure:
    /// every request that moves money, and a hold, which keeps a room.
    package var isLookedUpWhenUnclear: Bool { movesMoney || self == .hold }
}
