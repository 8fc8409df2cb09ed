import Foundation

extension Money {
    /// The amount as a traveller in `locale` reads money: the locale's
    /// digits, separators, grouping and symbol placement, with the
    /// currency's own number of minor digits (`1.234,50 €` in `de_DE`,
    /// `€1,234.50` in `en_US`, `¥16,500` in `ja_JP`, `BHD 1.250` kept to
    /// three digits). The amount is exact: it is made from the minor units
    /// as a decimal, never through a binary floating point.
    ///
    /// `formatted` stays the locale-independent form (`EUR 1,234.50`) for
    /// logs, files and tests. An app passes `Locale.current` (on Linux,
    /// where `Locale.current` does not follow `LANG`, the locale it names).
    ///
    /// - Parameter locale: the traveller's locale.
    /// - Returns: the text to show.
    public func formatted(for locale: Locale) -> String {
        let amount = Decimal(
            sign: minorUnits < 0 ? .minus : .plus, exponent: -currency.minorDigits,
            significand: Decimal(minorUnits.magnitude))
        let style = Decimal.FormatStyle.Currency(code: currency.rawValue, locale: locale)
            .precision(.fractionLength(currency.minorDigits))
        return amount.formatted(style)
    }
}
