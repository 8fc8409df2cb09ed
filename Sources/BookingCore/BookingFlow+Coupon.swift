// The coupon step: a small sub-state of `held` (not a stage of its own).
// A code entered on a held room is sent (`applyCoupon`); the server answers
// the hold re-quoted at the discounted price, or a named refusal. Nothing
// moves money: Pay, disabled while a code is out, then pays the hold's
// current price once.
extension BookingFlow {
    /// Where a held room's coupon code is.
    public enum CouponStep: Hashable, Sendable {
        /// No code entered (or none applied yet).
        case idle
        /// `code` is being applied: Pay waits for the answer.
        case applying(code: String)
        /// `code` is applied: the hold's price is the discounted one.
        case applied(code: String)
        /// The server refused `code`; the hold keeps its price.
        case refused(code: String, reason: CouponRefusal)

        /// Whether a code is out: Pay waits.
        package var isApplying: Bool {
            if case .applying = self { return true }
            return false
        }

        /// The step's name, as the transition table shows it.
        package var name: String {
            switch self {
            case .idle: return "idle"
            case .applying: return "applying"
            case .applied: return "applied"
            case .refused(_, let reason): return "refused(\(reason.rawValue))"
            }
        }
    }

    /// Why the server refused a coupon code (the hold keeps its price).
    public enum CouponRefusal: String, Hashable, Sendable, Codable, CaseIterable {
        /// No such code (`COUPON_UNKNOWN`).
        case unknown
        /// The code's time is over (`COUPON_EXPIRED`).
        case expired
        /// The code is not for this room (`COUPON_NOT_APPLICABLE`).
        case notApplicable
        /// The account used the code on a confirmed booking (`COUPON_ALREADY_USED`).
        case alreadyUsed
        /// Another code is applied to the hold (`COUPON_ALREADY_APPLIED`).
        case alreadyApplied
        /// The code could not be sent or was refused for another reason
        /// (offline, a server error): nothing changed; it can be entered again.
        case notSent
    }

    /// The coupon's events on a held room; nil for any other event.
    static func coupon(_ stage: Held, _ event: Event, isOnline: Bool) -> Step? {
        let id = stage.attempt.id
        switch (event, stage.coupon) {
        case (.couponEntered(let code), .idle) where isOnline, (.couponEntered(let code), .refused) where isOnline:
            var next = stage
            next.coupon = .applying(code: code)
            return go(.held(next), [.applyCoupon(id, stage.hold.id, code: code)])
        case (.couponApplied(_, let hold), .applying) where hold.id == stage.hold.id:
            // The hold re-quoted: its new price (and code) on the same countdown.
            return go(.held(Held(attempt: stage.attempt, offer: stage.offer, hold: hold, countdown: stage.countdown)))
        case (.couponRefused(_, let reason), .applying(let code)):
            var next = stage
            next.coupon = .refused(code: code, reason: reason)
            return go(.held(next))
        default:
            return nil
        }
    }
}
