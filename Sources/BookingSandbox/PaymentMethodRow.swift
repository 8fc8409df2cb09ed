import BookingCore

/// One row of the dashboard's payment methods section (`/sandbox/stats.json`):
/// a kind's switch and the server's view of how its payments end, or
/// (`kind` `all`) the totals, with the keys closed with no booking, which
/// no kind owns.
struct PaymentMethodRow: Encodable, Equatable, Sendable {
    var kind: String
    var enabled: Bool
    var reason: String?
    var pausedBy: String?
    var bookings: Int
    var lookedUpAfterPost: Int
    /// `lookedUpAfterPost / bookings`, 0 with no bookings: the Unknown share as the server sees it.
    var unknownShare: Double
    var replays: Int
    var abandoned: Int
    var refusedBySwitch: Int
    /// Keys closed with no booking under them: not paid (only on the `all` row).
    var keysClosedWithoutBooking: Int
    /// The guardrail's window of this kind: its latest bookings and how many were looked up (nil without a guardrail).
    var guardrailWindow: GuardrailWindow?

    /// The guardrail's view of one kind.
    struct GuardrailWindow: Encodable, Equatable, Sendable {
        var bookings: Int
        var lookedUpAfterPost: Int
        var pausesAt: Double
        var window: Int
        var paused: Bool
    }

    /// The rows now: each kind, then `all`.
    static func rows(
        switch paymentSwitch: PaymentMethodSwitch, stats: PaymentMethodStats, guardrail: Guardrail?
    ) -> [PaymentMethodRow] {
        let (counts, closed) = stats.snapshot()
        var rows = PaymentMethodKind.allCases.map { kind -> PaymentMethodRow in
            let off = paymentSwitch.off(kind)
            let window = guardrail.map { guardrail in
                let (bookings, lookedUp) = stats.recentShare(kind)
                return GuardrailWindow(
                    bookings: bookings, lookedUpAfterPost: lookedUp, pausesAt: guardrail.settings.unknownShare,
                    window: guardrail.settings.window, paused: guardrail.isPaused(kind))
            }
            return row(kind.rawValue, counts[kind] ?? .init(), off: off, closed: 0, window: window)
        }
        let total = counts.values.reduce(into: PaymentMethodStats.Counts()) { sum, one in
            sum.bookings += one.bookings
            sum.lookedUpAfterPost += one.lookedUpAfterPost
            sum.replays += one.replays
            sum.abandoned += one.abandoned
            sum.refusedBySwitch += one.refusedBySwitch
        }
        rows.append(row("all", total, off: nil, closed: closed, window: nil))
        return rows
    }

    private static func row(
        _ kind: String, _ counts: PaymentMethodStats.Counts, off: PaymentMethodSwitch.Off?, closed: Int,
        window: GuardrailWindow?
    ) -> PaymentMethodRow {
        PaymentMethodRow(
            kind: kind, enabled: off == nil, reason: off?.reason, pausedBy: off?.by.rawValue,
            bookings: counts.bookings, lookedUpAfterPost: counts.lookedUpAfterPost,
            unknownShare: counts.bookings == 0 ? 0 : Double(counts.lookedUpAfterPost) / Double(counts.bookings),
            replays: counts.replays, abandoned: counts.abandoned, refusedBySwitch: counts.refusedBySwitch,
            keysClosedWithoutBooking: closed, guardrailWindow: window)
    }
}
