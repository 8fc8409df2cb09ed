import BookingCore

/// Pauses a payment method kind by itself when too many of its latest
/// bookings were looked up after their POST (an Unknown share on the rise is
/// an early sign that payments are going wrong): over the kind's last
/// `window` bookings (a full window only), a share above `unknownShare`
/// switches the kind off (`pausedBy: guardrail`) until an operator switches
/// it on again. It judges each rollout group (`Cohorts`) the same way, and
/// pauses a group alone: its booking POSTs are refused and its
/// payment-method switch reads off, while the other groups pay on. A pause
/// never touches a booking already made: its lookups, polls and replays go
/// on.
final class Guardrail: Sendable {
    /// Its settings.
    let settings: GuardrailSettings
    private let paymentSwitch: PaymentMethodSwitch
    /// The counts it judges by.
    let stats: PaymentMethodStats
    /// The rollout groups it judges too.
    let cohorts: Cohorts

    /// A guardrail over `paymentSwitch` and `cohorts`.
    init(
        _ settings: GuardrailSettings, switch paymentSwitch: PaymentMethodSwitch, stats: PaymentMethodStats,
        cohorts: Cohorts
    ) {
        self.settings = settings
        self.paymentSwitch = paymentSwitch
        self.stats = stats
        self.cohorts = cohorts
    }

    /// Whether `kind` is paused by the guardrail now.
    func isPaused(_ kind: PaymentMethodKind) -> Bool { paymentSwitch.off(kind)?.by == .guardrail }

    /// Judges `kind` after a change in its counts, pausing it at `now` when its share passed.
    func judge(_ kind: PaymentMethodKind, now: Int64) {
        let (bookings, lookedUp) = stats.recentShare(kind)
        guard paymentSwitch.off(kind) == nil, let percent = tooMany(lookedUp, of: bookings) else { return }
        paymentSwitch.set(
            kind,
            off: .init(
                reason:
                    "Paused by the guardrail: \(percent)% of the last \(bookings) payments with it went unanswered. "
                    + "Try another payment method.",
                by: .guardrail),
            now: now)
    }

    /// Judges rollout group `cohort` after a change in its counts, pausing it when its share passed.
    func judge(cohort: String) {
        let (bookings, lookedUp) = cohorts.recentShare(cohort)
        guard cohorts.paused(cohort) == nil, let percent = tooMany(lookedUp, of: bookings) else { return }
        cohorts.set(
            cohort,
            paused: .init(
                reason: "Paused by the guardrail for this rollout group: \(percent)% of its last \(bookings) "
                    + "payments went unanswered.",
                by: .guardrail))
    }

    /// The share of `bookings` looked up, in percent, when a full window's
    /// share is above the setting; nil otherwise.
    private func tooMany(_ lookedUp: Int, of bookings: Int) -> Int? {
        guard bookings >= settings.window, Double(lookedUp) > settings.unknownShare * Double(bookings) else {
            return nil
        }
        return Int((Double(lookedUp) * 100 / Double(bookings)).rounded())
    }

    /// An operator switched `kind` on: its window starts again.
    func resume(_ kind: PaymentMethodKind) {
        stats.restartWindow(kind)
    }
}
