/// What cancelling a booking of a stay keeps, as offers, holds and
/// bookings carry it (the contract's `CancellationPolicy`).
struct CancellationPolicyBody: Codable, Equatable, Sendable {
    /// `FREE_UNTIL` or `NON_REFUNDABLE`.
    var kind: String
    /// Only when `FREE_UNTIL`: until when cancelling keeps nothing.
    var freeUntil: String?
    /// The hotel's IANA time zone.
    var timeZone: String
    /// What cancelling keeps after `freeUntil`, or at any time.
    var penalty: MoneyBody
}
