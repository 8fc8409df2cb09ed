/// One semantic promise of the REST contract (`Schema/api/openapi.yaml`)
/// that the kit checks against a server, in the order a run checks them.
///
/// Each promise is one the client's own promises stand on
/// (docs/CONFORMANCE.md says which): a server that breaks it can make a
/// correct client charge twice, lose a booking or show a wrong outcome.
public enum ConformanceCheck: String, CaseIterable, Sendable {
    /// A 429 or 503 answered to a keyed POST never follows work that ran.
    case unclearAnswers = "unclear-answers"
    /// `Retry-After` is delta-seconds or an HTTP-date.
    case retryAfter = "retry-after"
    /// The same key and body replay the first answer, marked `Idempotent-Replayed`.
    case replay
    /// The same key with another body is `422 IDEMPOTENCY_KEY_REUSED` and never runs.
    case keyReuse = "key-reuse"
    /// A key whose request still runs is `409 IDEMPOTENCY_KEY_IN_USE`; the request runs once.
    case keyInUse = "key-in-use"
    /// A closed key is `409 IDEMPOTENCY_KEY_CLOSED` and never runs; closing a used key answers `USED`.
    case closedKey = "closed-key"
    /// Versions only move forward; a stale cancel or modification is refused.
    case versions
    /// `expiresInMs` counts down across reads; an expired hold cannot be paid.
    case holdClock = "hold-clock"
    /// Another account's holds, bookings and keys are invisible.
    case isolation
    /// The refusals the client names have the contract's shape.
    case refusals
    /// A payment asking `ifStayNotBooked` of a stay the account booked is `409 STAY_ALREADY_BOOKED`.
    case sameStay = "same-stay"

    /// The promise, in one sentence.
    public var promise: String {
        switch self {
        case .unclearAnswers:
            return "a 429 or 503 to a keyed POST is answered only when the request did not run"
        case .retryAfter: return "every 429 and 503 carries Retry-After as seconds or an HTTP-date"
        case .replay:
            return "the same key and body replay the first answer (status, body, Idempotent-Replayed: true)"
        case .keyReuse: return "the same key with another body is 422 IDEMPOTENCY_KEY_REUSED and never runs"
        case .keyInUse:
            return "a key whose request still runs is 409 IDEMPOTENCY_KEY_IN_USE; concurrent sends run once"
        case .closedKey:
            return "a closed key is 409 IDEMPOTENCY_KEY_CLOSED and never runs; closing a used key answers USED"
        case .versions: return "versions only move forward; a stale cancel or modification is refused"
        case .holdClock: return "expiresInMs counts down across reads; an expired hold cannot be paid"
        case .isolation: return "another account's holds, bookings and keys are invisible"
        case .refusals:
            return "decline, HOLD_ALREADY_BOOKED, PRICE_CHANGED and SOLD_OUT have the contract's shape"
        case .sameStay:
            return "a payment with ifStayNotBooked of a stay the account booked is 409 STAY_ALREADY_BOOKED, naming it"
        }
    }
}
