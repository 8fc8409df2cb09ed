import BookingAPI
import BookingCore
import BookingStore

// The coupon step: a code sent for the attempt's held room. Nothing moves
// money, so nothing is saved before it is sent; the server's re-quoted hold
// is saved on the attempt when it arrives (a later read says the same).
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
            let hold = try await api.applyCoupon(code, to: holdID)
            holdTerms[hold.holdId] = hold.cancellation
            // Saved where it arrives, so a relaunch shows the price Pay
            // charges. A failed write loses no money: the server's hold is
            // the truth, and a launch reads it before any payment.
            do {
                try saveCoupon(of: hold, for: id, known: nil)
            } catch {
                logger.error("cannot save the applied coupon", error: error, ["attempt": id.rawValue])
            }
            return .applied(hold)
        } catch {
            return Self.couponAnswer(error)
        }
    }

    /// Saves the coupon code `hold` carries (its quote and price) on
    /// attempt `id` while it is held with that hold, unless `known`, the
    /// row's saved coupon, is that quote already.
    func saveCoupon(of hold: HoldSnapshot, for id: AttemptID, known: SavedCoupon?) throws {
        guard let code = hold.couponCode, known?.quoteID != hold.quoteId else { return }
        let coupon = SavedCoupon(code: code, quoteID: hold.quoteId, price: hold.price)
        try store.attempts.saveCoupon(coupon, for: id, hold: hold.holdId, at: now())
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
