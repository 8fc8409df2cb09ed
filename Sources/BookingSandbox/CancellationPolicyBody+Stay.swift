import Foundation

// The sandbox's terms of cancelling, derived from the stay alone (no table
// of their own): an offer, its hold and the booking made from it carry the
// same terms, and a change of dates or a coupon moves them with the stay.
extension CancellationPolicyBody {
    /// The hour (hotel time) of the last free day, two days before check-in.
    static let deadlineHour: Int64 = 18
    /// How many days before check-in the free cancellation ends.
    static let deadlineDaysBefore: Int64 = 2

    /// Whether a room type can be cancelled free of charge at all: in the
    /// sandbox, every room but the standard double.
    static func isRefundable(roomType: String) -> Bool { roomType != "std" }

    /// The terms of a stay in a `roomType` room of a property in
    /// `placeId`'s city from `checkIn` at `price`: a refundable room is
    /// free until 18:00 hotel time two days before check-in, then keeps
    /// the first night (never more than the total); any other keeps the
    /// total at any time.
    static func forStay(roomType: String, placeId: String, checkIn: CalendarDay, price: PriceBody)
        -> CancellationPolicyBody
    {
        let zone = Inventory.timeZone(placeId: placeId)
        let total = price.total
        guard isRefundable(roomType: roomType) else {
            return CancellationPolicyBody(kind: "NON_REFUNDABLE", freeUntil: nil, timeZone: zone, penalty: total)
        }
        let firstNight = MoneyBody(amount: min(price.nightly.amount, total.amount), currency: total.currency)
        let deadline = localInstant(
            day: CalendarDay(dayNumber: checkIn.dayNumber - deadlineDaysBefore), hour: deadlineHour, zone: zone)
        return CancellationPolicyBody(
            kind: "FREE_UNTIL", freeUntil: CalendarDay.timestamp(unixMilliseconds: deadline), timeZone: zone,
            penalty: firstNight)
    }

    /// Until when (unix ms) cancelling keeps nothing; nil when never.
    var freeUntilMilliseconds: Int64? {
        guard kind == "FREE_UNTIL", let freeUntil else { return nil }
        return CalendarDay.unixMilliseconds(timestamp: freeUntil)
    }

    /// Whether cancelling at `now` keeps nothing: what the offers'
    /// `freeCancellation` filter keeps.
    func isFree(at now: Int64) -> Bool {
        freeUntilMilliseconds.map { now < $0 } ?? false
    }

    /// What cancelling at `now` keeps: nothing before the deadline, else
    /// the penalty.
    func penalty(at now: Int64) -> MoneyBody {
        isFree(at: now) ? MoneyBody(amount: 0, currency: penalty.currency) : penalty
    }

    /// `hour`:00 on `day` in `zone`, as unix milliseconds (UTC when the
    /// zone is unknown to this machine). No deadline hour is in a change of
    /// clocks, so the offset at the instant itself is the one that applies.
    private static func localInstant(day: CalendarDay, hour: Int64, zone: String) -> Int64 {
        let asUTC = day.dayNumber * 86_400_000 + hour * 3_600_000
        guard let timeZone = TimeZone(identifier: zone) else { return asUTC }
        let guess = asUTC - Int64(timeZone.secondsFromGMT(for: Self.date(asUTC))) * 1_000
        return asUTC - Int64(timeZone.secondsFromGMT(for: Self.date(guess))) * 1_000
    }

    private static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }
}
