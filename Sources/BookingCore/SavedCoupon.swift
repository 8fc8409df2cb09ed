/// A coupon code applied to an attempt's held room, as the server answered
/// it and as saved on the attempt (`booking_attempt.coupon_*`): the hold's
/// quote and price since the code. A launch restores the held room at this
/// price, the one Pay charges.
package struct SavedCoupon: Hashable, Codable, Sendable {
    /// The code (upper case, as the server applied it).
    package let code: String
    /// The hold's quote since the code (the attempt keeps the quote it asked for).
    package let quoteID: QuoteID
    /// The discounted price.
    package let price: PriceBreakdown

    /// A value with every field given.
    package init(code: String, quoteID: QuoteID, price: PriceBreakdown) {
        self.code = code
        self.quoteID = quoteID
        self.price = price
    }
}
