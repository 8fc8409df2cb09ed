extension PriceBreakdown {
    /// The lines on one line for people, the server's lines as sent (never
    /// summed here): `EUR 338.00 (2 nights at EUR 150.00, taxes EUR 30.00,
    /// fees EUR 8.00)`. The nightly rate stands with the stay's number of
    /// nights, so it reads against the total; `nightly EUR 150.00` when the
    /// number is not known (or not a stay).
    ///
    /// - Parameters:
    ///   - nights: the stay's number of nights, if known.
    ///   - money: writes an amount (neutral unless given; a locale's form).
    package func text(nights: Int?, money: (Money) -> String = \.formatted) -> String {
        let rate: String
        switch nights {
        case 1?: rate = "1 night at " + money(nightly)
        case let nights? where nights > 1: rate = "\(nights) nights at " + money(nightly)
        default: rate = "nightly " + money(nightly)
        }
        return money(total) + " (" + rate + ", taxes " + money(taxes) + ", fees " + money(fees) + ")"
    }
}
