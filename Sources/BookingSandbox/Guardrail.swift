import BookingCore

/// Pauses a payment method kind by itself when too many of its latest
/// bookings were looked up after their POST (an Unknown share on the rise is
/// an early sign that payments are going wrong): over the kind's last
/// `window` bookings (a full window only), a share above `unknownShare`
/// switches the kind off (`pausedBy: guardrail`) until an operator switches
/// it on again. A pause never touches a booking already made: its lookups,
/// polls and replays go on.
final class Guardrail: Sendable {
    /// Its settings.
    let settings: GuardrailSettings
    private let paymentSwitch: PaymentMethodSwitch
    /// The counts it judges by.
    let stats: PaymentMethodStats

    /// A guardrail over `paymentSwitch`.
    init(_ settings: GuardrailSettings, switch paymentSwitch: PaymentMethodSwitch, stats: PaymentMethodStats) {
        self.settings = settings
        self.paymentSwitch = paymentSwitch
        self.stats = stats
    }

    /// Whether `kind` is paused by the guardrail now.
    func isPaused(_ kind: PaymentMethodKind) -> Bool { paymentSwitch.off(kind)?.by == .guardrail }

    /// Judges `kind` after a change in its counts, pausing it at `now` when its share passed.
    func judge(_ kind: PaymentMethodKind, now: Int64) {
        let (bookings, lookedUp) = stats.recentShare(kind)
        guard bookings >= settings.window, paymentSwitch.off(kind) == nil,
            Double(lookedUp) > settings.unknownShare * Double(bookings)
        else { return }
        let percent = Int((Double(lookedUp) * 100 / Double(bookings)).rounded())
        paymentSwitch.set(
            kind,
            off: .init(
                reason:
                    "Paused by the guardrail: \(percent)% of the last \(bookings) payments with it went unanswered. "
                    + "Try another payment method.",
                by: .guardrail),
            now: now)
    }

    /// An operator switched `kind` on: its window starts again.
    func resume(_ kind: PaymentMethodKind) {
        stats.restartWindow(kind)
    }
}
