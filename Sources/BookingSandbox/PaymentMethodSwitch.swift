import BookingCore
import BookingPrimitives

/// The sandbox's kill switch: which payment method kinds take payments.
/// Kept in memory (a restart starts from the configuration), changed by
/// `POST /v1/sandbox/payment-methods` and by the guardrail, read by
/// `GET /v1/payment-methods` and by every booking POST.
final class PaymentMethodSwitch: Sendable {
    /// Who switched a kind off.
    enum PausedBy: String, Sendable, Codable {
        /// `--disable-payment-method` or `POST /v1/sandbox/payment-methods`.
        case `operator`
        /// The guardrail, on too many bookings looked up after their POST.
        case guardrail
    }

    /// A kind switched off.
    struct Off: Equatable, Sendable {
        /// Why, in words for the person paying.
        var reason: String
        /// Who switched it off.
        var by: PausedBy
    }

    /// The reason a kind switched off without one says.
    static let defaultReason = SandboxConfiguration.paymentMethodOffReason

    /// The longest reason, in characters.
    static let maximumReasonLength = 200

    private let state: Locked<(off: [PaymentMethodKind: Off], changedAt: Int64)>

    /// A switch with `off` switched off by the operator, as of `now` (unix ms).
    init(off: [PaymentMethodKind: String], now: Int64) {
        state = Locked((off.mapValues { Off(reason: $0, by: .operator) }, now))
    }

    /// Why `kind` is off, if it is.
    func off(_ kind: PaymentMethodKind) -> Off? {
        state.withLock { $0.off[kind] }
    }

    /// Switches `kind` on (nil) or off; returns whether that changed anything.
    @discardableResult
    func set(_ kind: PaymentMethodKind, off: Off?, now: Int64) -> Bool {
        state.withLock { state in
            guard state.off[kind] != off else { return false }
            state.off[kind] = off
            state.changedAt = now
            return true
        }
    }

    /// The switch as `GET /v1/payment-methods` answers it, for `origin`.
    func body(origin: String) -> PaymentMethodsBody {
        let (off, changedAt) = state.withLock { ($0.off, $0.changedAt) }
        return PaymentMethodsBody(
            origin: origin, changedAt: CalendarDay.timestamp(unixMilliseconds: changedAt),
            methods: PaymentMethodKind.allCases.map { kind in
                PaymentMethodBody(
                    kind: kind.rawValue, enabled: off[kind] == nil, reason: off[kind]?.reason,
                    pausedBy: off[kind]?.by.rawValue)
            })
    }
}

/// `GET /v1/payment-methods`'s answer.
struct PaymentMethodsBody: Codable, Equatable, Sendable {
    var origin: String
    var changedAt: String
    var methods: [PaymentMethodBody]
}

/// One kind in it.
struct PaymentMethodBody: Codable, Equatable, Sendable {
    var kind: String
    var enabled: Bool
    var reason: String?
    var pausedBy: String?
}
