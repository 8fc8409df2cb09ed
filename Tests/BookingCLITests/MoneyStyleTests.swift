import BookingCLI
import BookingCore
import BookingPrimitives
import Foundation
import Testing

/// The one place the command line decides how money reads: POSIX's order
/// of the locale variables, `C` and `POSIX` neutral, and the nightly rate
/// with its number of nights.
@Suite struct MoneyStyleTests {
    @Test(
        arguments: [
            ([:], nil),
            (["LANG": "C"], nil),
            (["LANG": "C.UTF-8"], nil),
            (["LANG": "POSIX"], nil),
            (["LANG": ""], nil),
            (["LANG": "de_DE.UTF-8"], "de_DE"),
            (["LANG": "de_DE.UTF-8@euro"], "de_DE"),
            (["LANG": "de_DE", "LC_MONETARY": "fr_FR.UTF-8"], "fr_FR"),
            (["LANG": "de_DE", "LC_MONETARY": "fr_FR", "LC_ALL": "C"], nil),
            (["LANG": "de_DE", "LC_MONETARY": "", "LC_ALL": ""], "de_DE"),
        ] as [([String: String], String?)])
    func theLocaleIsTheFirstVariableSetInPOSIXOrder(environment: [String: String], expected: String?) {
        #expect(MoneyLocaleName.identifier(in: environment) == expected)
        #expect(MoneyStyle(environment: environment).locale?.identifier == expected)
    }

    @Test func theNightlyRateSaysItsNightsInTheStylesForm() throws {
        let eur = try #require(CurrencyCode("EUR"))
        func money(_ units: Int64) -> Money { Money(minorUnits: units, currency: eur) }
        let price = try #require(
            PriceBreakdown(nightly: money(16_900), taxes: money(2_028), fees: money(400), total: money(36_228)))
        #expect(
            FlowRenderer.priceText(price, nights: 2)
                == "EUR 362.28 (2 nights at EUR 169.00, taxes EUR 20.28, fees EUR 4.00)")
        #expect(FlowRenderer.priceText(price, nights: 1).contains("(1 night at EUR 169.00,"))
        #expect(FlowRenderer.priceText(price, nights: nil).contains("(nightly EUR 169.00,"))
        let german = FlowRenderer.priceText(price, nights: 2, money: MoneyStyle(locale: Locale(identifier: "de_DE")))
        #expect(
            german.replacingOccurrences(of: "\u{00A0}", with: " ")
                == "362,28 € (2 nights at 169,00 €, taxes 20,28 €, fees 4,00 €)")
    }

    @Test func aTextsMoneyArgumentsAreRewrittenAndTheRestKept() throws {
        let penalty = Money(minorUnits: 123_450, currency: try #require(CurrencyCode("EUR")))
        let text = LocalizedText(
            key: "k", defaultValue: "Free until 18:00 (Europe/Lisbon), then EUR 1,234.50",
            arguments: ["18:00", "Europe/Lisbon", "EUR 1,234.50"])
        #expect(MoneyStyle.neutral.text(text, amounts: [penalty]) == text.defaultValue)
        let german = MoneyStyle(locale: Locale(identifier: "de_DE")).text(text, amounts: [penalty])
        #expect(
            german.replacingOccurrences(of: "\u{00A0}", with: " ")
                == "Free until 18:00 (Europe/Lisbon), then 1.234,50 €")
    }
}
