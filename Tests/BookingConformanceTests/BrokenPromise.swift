import BookingConformance
import Testing

/// The one promise a `PromiseBreakingProxy` breaks, and the check that
/// must catch it.
enum BrokenPromise: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// A 503 answered after forwarding a payment that ran.
    case answer503AfterPayment
    /// `Retry-After` of every 429 and 503 replaced by text that is neither seconds nor a date.
    case garbleRetryAfter
    /// `Idempotent-Replayed` stripped from every answer.
    case stripReplayHeader
    /// A key sent again with another body is forwarded under a fresh key, so it runs.
    case runReusedKey
    /// A send that meets its key in use is forwarded again under a fresh key, so it runs.
    case runCollidingSend
    /// A payment under a closed key is forwarded under a fresh key, so it runs.
    case runClosedKey
    /// A booking read answers the version before the current one.
    case readOlderVersion
    /// A hold read answers the time left at its first read, forever.
    case freezeHoldClock
    /// The second account's lookup by key is sent as the first account.
    case leakAcrossAccounts
    /// `HOLD_ALREADY_BOOKED` without the `bookingId` holding the room.
    case dropBookingFromRefusal
    /// `ifStayNotBooked` dropped from every payment, so a stay is booked twice.
    case ignoreStayCondition

    /// The check that must report this promise broken.
    var check: ConformanceCheck {
        switch self {
        case .answer503AfterPayment: return .unclearAnswers
        case .garbleRetryAfter: return .retryAfter
        case .stripReplayHeader: return .replay
        case .runReusedKey: return .keyReuse
        case .runCollidingSend: return .keyInUse
        case .runClosedKey: return .closedKey
        case .readOlderVersion: return .versions
        case .freezeHoldClock: return .holdClock
        case .leakAcrossAccounts: return .isolation
        case .dropBookingFromRefusal: return .refusals
        case .ignoreStayCondition: return .sameStay
        }
    }

    var testDescription: String { rawValue }
}
