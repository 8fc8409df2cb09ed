import BookingAPI
import BookingCore

// The coupon step: a code sent for the attempt's held room. Nothing moves
// money, so nothing is saved before it is sent; the server's hold is the
// answer (a later read of the hold says the same).
extension BookingRepository {
    /// What applying a coupon code came to.
    package enum CouponAnswer: Hashable, Sendable {
        /// The hold re-quoted at the discounted price.
        case applied(HoldSnapshot)
        /// The server refused the code (or it could not be sent); the hold keeps its price.
        case refused(BookingFlow.CouponRefusal)
        /// The hold has ended (`HOLD_EXPIRED`, or the server no longer has it).
        case holdEnded
        /// The server refused the app's credential (401).
        case credentialRefused
    }

    /// `POST /v1/holds/{id}/coupon {code}` for the attempt's hold, while it
    /// is held. Never throws: every way it ends is an answer.
    package func applyCoupon(_ code: String, for id: AttemptID) async -> CouponAnswer {
        guard let record = try? saved(id), record.phase == .held, let holdID = record.holdID else {
            return .refused(.notSent)
        }
        do {
            return .applied(try await api.applyCoupon(code, to: holdID))
        } catch {
            return Self.couponAnswer(error)
        }
    }

    /// The answer a failed `applyCoupon` call stands for, by the server's code.
    static func couponAnswer(_ error: APIError) -> CouponAnswer {
        let code: String?
        switch error {
        case .final(.rejected(status: 401, _), _): return .credentialRefused
        case .final(.rejected(_, let errorCode), let server): code = errorCode ?? server?.code
        case .userFacing(_, let server): code = server?.code
        case .notFound: return .holdEnded
        default: code = nil
        }
        switch code {
        case "COUPON_UNKNOWN": return .refused(.unknown)
        case "COUPON_EXPIRED": return .refused(.expired)
        case "COUPON_NOT_APPLICABLE": return .refused(.notApplicable)
        case "COUPON_ALREADY_USED": return .refused(.alreadyUsed)
        case "COUPON_ALREADY_APPLIED": return .refused(.alreadyApplied)
        case "HOLD_EXPIRED", "NOT_FOUND": return .holdEnded
        default: return .refused(.notSent)
        }
    }
}
