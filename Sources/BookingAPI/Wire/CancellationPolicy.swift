import BookingCore
import Foundation

/// What cancelling a booking of a stay keeps, as its offer, its hold and
/// the booking carry it (the contract's `CancellationPolicy`): show it
/// before the traveller pays.
///
/// A free cancellation keeps nothing until `freeUntil`, then `penalty`; a
/// non-refundable stay keeps `penalty`, the total, at any time. An answer
/// whose terms contradict its stay (free until after check-in, a penalty
/// in another currency or above the total) is refused as a bad answer.
///
/// ```swift
/// if let terms = page.cancellation[offer.id] {
///     label.text = terms.text().defaultValue  // "Free cancellation until 18:00 on 29 Nov (Europe/Lisbon), then EUR 169.00"
/// }
/// ```
public struct CancellationPolicy: Hashable, Sendable, Codable {
    /// How cancelling is charged.
    public enum Kind: String, Hashable, Sendable {
        /// Free until `freeUntil`, then `penalty`.
        case freeUntil = "FREE_UNTIL"
        /// `penalty`, the total, at any time.
        case nonRefundable = "NON_REFUNDABLE"
    }

    /// How cancelling is charged.
    public let kind: Kind
    /// Until when cancelling keeps nothing, in unix milliseconds (only `.freeUntil`).
    package let freeUntilMilliseconds: Int64?
    /// The hotel's IANA time zone (`Europe/Lisbon`): `freeUntil` is shown in it.
    public let timeZone: String
    /// What cancelling keeps after `freeUntil` (or at any time), in the price's currency.
    public let penalty: Money

    /// Until when cancelling keeps nothing; nil when it never is free.
    public var freeUntil: Date? {
        freeUntilMilliseconds.map { Date(timeIntervalSince1970: Double($0) / 1_000) }
    }

    /// Terms as the server sends them; nil for a free cancellation with no
    /// deadline or a non-refundable one with one.
    package init?(kind: Kind, freeUntilMilliseconds: Int64?, timeZone: String, penalty: Money) {
        guard (kind == .freeUntil) == (freeUntilMilliseconds != nil), (1...64).contains(timeZone.count) else {
            return nil
        }
        self.kind = kind
        self.freeUntilMilliseconds = freeUntilMilliseconds
        self.timeZone = timeZone
        self.penalty = penalty
    }

    /// Whether cancelling at `date` keeps nothing.
    public func isFree(at date: Date) -> Bool {
        guard let freeUntilMilliseconds else { return false }
        return date.timeIntervalSince1970 * 1_000 < Double(freeUntilMilliseconds)
    }

    /// What cancelling at `date` keeps: nothing before the deadline, then the penalty.
    public func penalty(at date: Date) -> Money {
        isFree(at: date) ? Money(minorUnits: 0, currency: penalty.currency) : penalty
    }

    /// Why these terms cannot be a stay's from `checkIn` at `total`, or nil:
    /// free until after the check-in day began in the hotel's time zone
    /// (in any time zone, for one this device does not know), a penalty in
    /// another currency, negative or above the total, or a non-refundable
    /// stay that keeps less than its total.
    package func contradiction(checkIn: CalendarDate, total: Money) -> String? {
        if penalty.currency != total.currency {
            return
                "its cancellation penalty is in \(penalty.currency.rawValue), its price in \(total.currency.rawValue)"
        }
        if penalty.minorUnits < 0 || penalty.minorUnits > total.minorUnits {
            return "its cancellation penalty \(penalty.formatted) is not from 0 to its total \(total.formatted)"
        }
        if kind == .nonRefundable, penalty != total {
            return "it is non-refundable yet cancelling keeps \(penalty.formatted), not its total \(total.formatted)"
        }
        if let freeUntilMilliseconds, freeUntilMilliseconds > HotelTime.dayStart(checkIn, in: timeZone) {
            return "its free cancellation ends \(Timestamp.text(unixMilliseconds: freeUntilMilliseconds)), "
                + "after check-in on \(checkIn) (\(timeZone))"
        }
        return nil
    }

    /// The terms in words, in the hotel's time, as of `now`: "Free
    /// cancellation until 18:00 on 29 Nov (Europe/Lisbon), then EUR 169.00",
    /// "No free cancellation since 18:00 on 29 Nov (Europe/Lisbon): cancelling
    /// keeps EUR 169.00", or "Non-refundable: cancelling keeps EUR 338.00".
    /// Its keys are in the String Catalog.
    public func text(at now: Date = Date()) -> LocalizedText {
        let kept = penalty.formatted
        guard let freeUntilMilliseconds else {
            return LocalizedText(
                key: "booking.cancellation.nonRefundable", defaultValue: "Non-refundable: cancelling keeps \(kept)",
                arguments: [kept])
        }
        let (clock, day, zone) = HotelTime.words(freeUntilMilliseconds, in: timeZone)
        if isFree(at: now) {
            return LocalizedText(
                key: "booking.cancellation.freeUntil",
                defaultValue: "Free cancellation until \(clock) on \(day) (\(zone)), then \(kept)",
                arguments: [clock, day, zone, kept])
        }
        return LocalizedText(
            key: "booking.cancellation.freeEnded",
            defaultValue: "No free cancellation since \(clock) on \(day) (\(zone)): cancelling keeps \(kept)",
            arguments: [clock, day, zone, kept])
    }

    private enum CodingKeys: String, CodingKey {
        case kind, freeUntil, timeZone, penalty
    }

    /// Decodes strictly: a known kind, `freeUntil` (a contract timestamp)
    /// exactly when free until, a time zone of 1 to 64 characters.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .kind)
        guard let kind = Kind(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown cancellation kind \(text)")
        }
        let deadline = try container.decodeIfPresent(String.self, forKey: .freeUntil)
        let milliseconds = deadline.flatMap(Timestamp.unixMilliseconds)
        guard deadline == nil || milliseconds != nil,
            let policy = CancellationPolicy(
                kind: kind, freeUntilMilliseconds: milliseconds,
                timeZone: try container.decode(String.self, forKey: .timeZone),
                penalty: try container.decode(Money.self, forKey: .penalty))
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .freeUntil, in: container,
                debugDescription: "cancellation terms whose freeUntil does not match \(text), or a bad time zone")
        }
        self = policy
    }

    /// Encodes the contract's form (`freeUntil` as a UTC timestamp).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind.rawValue, forKey: .kind)
        try container.encodeIfPresent(freeUntilMilliseconds.map(Timestamp.text), forKey: .freeUntil)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(penalty, forKey: .penalty)
    }
}
