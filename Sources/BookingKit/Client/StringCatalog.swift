import BookingAPI
import BookingCore
import Foundation

/// Every text the booking flow can show, as a String Catalog (`.xcstrings`)
/// an app adds to its bundle: each key with its English format (positional
/// placeholders, `LocalizedText.format`). Generated from the states the
/// diagram's exploration of the flow reaches, so a new
/// title, message, label or reason is in it as soon as the flow can show it.
/// `StringCatalogTests` checks the committed catalog against it.
package enum StringCatalog {
    /// The keys and their English formats; `conflicts` lists a key met with
    /// two formats (a value in the words that is not one of its arguments).
    ///
    /// Read from every state of the flow's diagram exploration
    /// (`FlowDiagram.exploredBookingStates`, made once per process and
    /// shared with the diagram and the transition table), each also offline:
    /// the exploration leaves out the steps that change only connectivity,
    /// and offline is what disables actions with a reason of its own.
    package static func flowTexts() -> (formats: [String: String], conflicts: [String: Set<String>]) {
        var formats: [String: String] = [:]
        var conflicts: [String: Set<String>] = [:]
        func add(_ text: LocalizedText?) {
            guard let text else { return }
            let format = text.format
            if let known = formats[text.key], known != format {
                conflicts[text.key, default: [known]].insert(format)
            } else {
                formats[text.key] = format
            }
        }
        for explored in FlowDiagram.exploredBookingStates {
            var offline = explored
            offline.isOnline = false
            for state in [explored, offline] {
                add(state.titleText)
                add(state.messageText)
                add(state.bannerText)
                for row in state.actions {
                    add(row.labelText)
                    add(row.disabledReasonText)
                }
            }
        }
        for text in cancellationTexts() { add(text) }
        return (formats, conflicts)
    }

    /// Every way `CancellationPolicy.text(at:)` words the terms: free until
    /// a deadline, after it, and non-refundable.
    static func cancellationTexts() -> [LocalizedText] {
        guard let euro = CurrencyCode(rawValue: "EUR") else { return [] }
        let deadline: Int64 = 1_795_975_200_000  // 2026-11-29T18:00:00Z
        let night = Money(minorUnits: 16_900, currency: euro)
        let free = CancellationPolicy(
            kind: .freeUntil, freeUntilMilliseconds: deadline, timeZone: "Europe/Lisbon", penalty: night)
        let nonRefundable = CancellationPolicy(
            kind: .nonRefundable, freeUntilMilliseconds: nil, timeZone: "Europe/Lisbon",
            penalty: Money(minorUnits: 33_800, currency: euro))
        let before = Date(timeIntervalSince1970: Double(deadline) / 1_000 - 60)
        let after = Date(timeIntervalSince1970: Double(deadline) / 1_000 + 60)
        return [free?.text(at: before), free?.text(at: after), nonRefundable?.text(at: before)].compactMap { $0 }
    }

    /// `formats` as a String Catalog: JSON, keys sorted, English the source
    /// language, each string's English value its format.
    package static func xcstrings(_ formats: [String: String]) throws -> String {
        let strings = formats.mapValues { format in
            ["localizations": ["en": ["stringUnit": ["state": "translated", "value": format]]]]
        }
        let catalog: [String: Any] = ["sourceLanguage": "en", "strings": strings, "version": "1.0"]
        let data = try JSONSerialization.data(
            withJSONObject: catalog, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
