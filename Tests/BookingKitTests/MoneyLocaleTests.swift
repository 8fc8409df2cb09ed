import BookingKit
import Foundation
import Testing

/// Money in the traveller's locale: separators, grouping, symbol and its
/// place from the locale, the minor digits from the currency, the amount
/// exact.
@Suite struct MoneyLocaleTests {
    static func money(_ minorUnits: Int64, _ code: String) throws -> Money {
        Money(minorUnits: minorUnits, currency: try #require(CurrencyCode(code)))
    }

    /// The text with no-break spaces made plain, so the expectations read.
    static func text(_ money: Money, _ locale: String) -> String {
        money.formatted(for: Locale(identifier: locale))
            .replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }

    @Test(
        "each locale's own form",
        arguments: [
            (123_450, "EUR", "de_DE", "1.234,50 €"),
            (123_450, "EUR", "en_US", "€1,234.50"),
            (36_228, "EUR", "fr_FR", "362,28 €"),
            (16_500, "JPY", "ja_JP", "¥16,500"),
            (999, "GBP", "en_GB", "£9.99"),
            (1_250, "BHD", "en_US", "BHD 1.250"),
        ] as [(Int64, String, String, String)])
    func localeForm(minorUnits: Int64, code: String, locale: String, expected: String) throws {
        #expect(Self.text(try Self.money(minorUnits, code), locale) == expected)
    }

    @Test("an amount past a double's precision stays exact, and the neutral form is unchanged")
    func exact() throws {
        let large = try Self.money(9_007_199_254_740_993, "EUR")
        #expect(Self.text(large, "en_US") == "€90,071,992,547,409.93")
        #expect(large.formatted == "EUR 90,071,992,547,409.93")
    }
}
