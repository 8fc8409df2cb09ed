/// The locale a command line shows money in, as POSIX names it in the
/// environment: `LC_ALL`, then `LC_MONETARY`, then `LANG`, the first one
/// set and not empty. `C`, `POSIX` (with or without a codeset, as
/// `C.UTF-8`) or nothing at all mean no locale: money keeps its neutral
/// form (`EUR 1,234.50`). Foundation-free, so the lean trip viewer decides
/// as the full command line does.
package enum MoneyLocaleName {
    /// The variables read, in the order POSIX gives them precedence.
    package static let variables = ["LC_ALL", "LC_MONETARY", "LANG"]

    /// The locale's identifier (`de_DE` for `de_DE.UTF-8@euro`: the
    /// codeset and modifier dropped), or nil for the neutral form.
    package static func identifier(in environment: [String: String]) -> String? {
        guard let value = variables.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return nil
        }
        let name = String(value.prefix { $0 != "." && $0 != "@" })
        return name.isEmpty || name == "C" || name == "POSIX" ? nil : name
    }
}
