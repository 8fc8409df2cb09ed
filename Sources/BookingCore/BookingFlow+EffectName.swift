extension BookingFlow.Effect {
    /// A short name with no ids and no personal data, for logs and replay.
    package var logName: String {
        switch self {
        case .saveAttempt: return "saveAttempt"
        case .requestHold: return "requestHold"
        case .scheduleHoldTimer: return "scheduleHoldTimer"
        case .readHold: return "readHold"
        case .saveAttemptStatus(let change): return "saveAttemptStatus(\(change.phase.rawValue))"
        case .pay(let request): return request.isResend ? "resendPayment" : "pay"
        case .lookUpAttempt(_, _, let delay): return "lookUpAttempt(after: \(delay))"
        case .openChallenge: return "openChallenge"
        case .pollBooking(_, _, let delay): return "pollBooking(after: \(delay))"
        case .saveNotPaid: return "saveNotPaid"
        case .saveAttemptOnHold: return "saveAttemptOnHold"
        case .closeKey: return "closeKey"
        case .releaseHold: return "releaseHold"
        case .abandonBooking: return "abandonBooking"
        case .applyCoupon: return "applyCoupon"
        }
    }
}
