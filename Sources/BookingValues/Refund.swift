import BookingPrimitives

/// The money given back for a cancelled booking, as the server reports it:
/// its amount, its state and when that state was reached. The server sends
/// it with the booking (on the cancel's answer and every read); a change of
/// state comes as a new version of the booking.
public struct Refund: Hashable, Sendable {
    /// Where the refund stands.
    public enum State: String, CaseIterable, Hashable, Sendable {
        /// Asked for; the payment processor has not settled it yet.
        case pending = "PENDING"
        /// The money is back on the card.
        case succeeded = "SUCCEEDED"
        /// The processor could not give it back.
        case failed = "FAILED"
    }

    /// How much is given back (what the booking was charged).
    public var amount: Money
    /// Where it stands.
    public var state: State
    /// When it reached `state` (unix milliseconds, the server's clock).
    public var updatedAtMilliseconds: Int64

    /// Creates a refund.
    package init(amount: Money, state: State, updatedAtMilliseconds: Int64) {
        self.amount = amount
        self.state = state
        self.updatedAtMilliseconds = updatedAtMilliseconds
    }

    /// What a trip says of it: `refund of EUR 123.00 pending`,
    /// `refunded EUR 123.00 on 2 Dec (UTC)`, `refund of EUR 123.00 failed on
    /// 2 Dec (UTC)`: the day is the server's, in UTC, and says so (the
    /// device's own time zone may put it on another day). A refund of
    /// nothing (a non-refundable stay, or one cancelled after its free
    /// cancellation ended with the total kept) says `nothing refunded`.
    package var text: String { text(money: \.formatted) }

    /// `text` with the amount written by `money` (a locale's form).
    package func text(money: (Money) -> String) -> String {
        switch state {
        case .pending: return "refund of \(money(amount)) pending"
        case .succeeded where amount.minorUnits == 0: return "nothing refunded"
        case .succeeded: return "refunded \(money(amount)) on \(day) (UTC)"
        case .failed: return "refund of \(money(amount)) failed on \(day) (UTC)"
        }
    }

    /// The day of `updatedAtMilliseconds` in UTC, as `2 Dec`.
    package var day: String {
        let milliseconds = updatedAtMilliseconds
        let days = (milliseconds >= 0 ? milliseconds : milliseconds - 86_399_999) / 86_400_000
        let date = CivilCalendar.day(daysSince1970: Int(days))
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(date.day) \(months[date.month - 1])"
    }
}
