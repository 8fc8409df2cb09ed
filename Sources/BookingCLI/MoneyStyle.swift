import BookingCore
import BookingKit
import BookingPrimitives
import Foundation

/// How the command line writes money for people: in the locale the
/// environment names (`LC_ALL`, `LC_MONETARY`, `LANG`: see
/// `MoneyLocaleName`), or in the neutral form (`EUR 1,234.50`) under `C`,
/// `POSIX` or none. Decided once per run, from the environment given to
/// the command (``Console`` keeps it); `--json`, logs and files keep the
/// neutral form whatever it says.
package struct MoneyStyle: Sendable, Equatable {
    /// The locale amounts are written in; nil for the neutral form.
    package let locale: Locale?

    /// The neutral form: `EUR 1,234.50`.
    package static let neutral = MoneyStyle(locale: nil)

    /// The style the environment names.
    package init(environment: [String: String]) {
        self.init(locale: MoneyLocaleName.identifier(in: environment).map(Locale.init(identifier:)))
    }

    /// The style of `locale` (nil: neutral).
    package init(locale: Locale?) {
        self.locale = locale
    }

    /// `money` for people: `1.234,50 €` in `de_DE`, `EUR 1,234.50` neutral.
    package func text(_ money: Money) -> String {
        locale.map(money.formatted(for:)) ?? money.formatted
    }

    /// `text` with each argument that is one of `amounts` in its neutral
    /// form written in this style instead (the library's texts carry money
    /// neutral): the English default, filled anew.
    package func text(_ text: LocalizedText, amounts: [Money]) -> String {
        guard locale != nil else { return text.defaultValue }
        return text.formattingMoney(amounts, with: self.text).defaultValue
    }
}
