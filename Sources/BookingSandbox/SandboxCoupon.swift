/// A coupon code the sandbox knows, and what it takes off a hold's price.
///
/// The codes are documented in `openapi.yaml` and `booking sandbox --help`:
/// `WELCOME10` 10 % off any hold; `SPRING2026` 15 % off, expired (it ran
/// until 2026-05-01, by the sandbox's clock); `LISBON15` 15 % off a Lisbon
/// property's room only; `ONCE5` 5 % off, once per account: refused, when
/// applied and again when a hold carrying it is paid, once a booking of the
/// account paid with it is confirmed or being paid.
struct SandboxCoupon: Equatable, Sendable {
    /// Who may use a code, beside its discount.
    enum Rule: Equatable, Sendable {
        /// Any hold.
        case anyHold
        /// Any hold, until this instant (ms since 1970, the sandbox's clock).
        case until(milliseconds: Int64)
        /// Holds of the properties of one place (`placeId`) only.
        case place(id: String)
        /// One booking per account confirmed or being paid with it.
        case oncePerAccount
    }

    var code: String
    /// The share of the nightly rate taken off, in percent.
    var percentOff: Int64
    var rule: Rule

    /// The sandbox's codes.
    static let all: [SandboxCoupon] = [
        SandboxCoupon(code: "WELCOME10", percentOff: 10, rule: .anyHold),
        // 2026-05-01T00:00:00Z: day 20574 since 1970-01-01.
        SandboxCoupon(code: "SPRING2026", percentOff: 15, rule: .until(milliseconds: 20_574 * 86_400_000)),
        SandboxCoupon(code: "LISBON15", percentOff: 15, rule: .place(id: "plc_lisbon")),
        SandboxCoupon(code: "ONCE5", percentOff: 5, rule: .oncePerAccount),
    ]

    /// The code named `code` (compared exactly: codes are upper case).
    static func named(_ code: String) -> SandboxCoupon? { all.first { $0.code == code } }

    /// `price` with the discount taken off the nightly rate (rounded down to
    /// the minor unit), the taxes computed again on the new subtotal at
    /// `taxBasisPoints` as the offer's were, the fees unchanged: the total
    /// is still the server's sum.
    func discounted(_ price: PriceBody, taxBasisPoints: Int64) -> PriceBody {
        let nightly = price.nightly.amount * (100 - percentOff) / 100
        let subtotal = nightly * Int64(price.nights)
        let taxes = (subtotal * taxBasisPoints + 5_000) / 10_000
        let currency = price.total.currency
        return PriceBody(
            nightly: MoneyBody(amount: nightly, currency: currency), nights: price.nights,
            taxes: MoneyBody(amount: taxes, currency: currency), fees: price.fees,
            total: MoneyBody(amount: subtotal + taxes + price.fees.amount, currency: currency))
    }
}
