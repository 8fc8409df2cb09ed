import Foundation
import Testing

/// The words of the committed String Catalog (`Localization/BookingKit.xcstrings`,
/// every default text the flow can show) say only what the device knows:
/// read as an app's translator would read them, key by key. Outside round
/// 4, item 10: texts promised an email the API never collects, said
/// "Payment failed" for a request that never left, and labelled holding
/// the room again "Check again".
@Suite struct CatalogWordsTests {
    /// Every key with its English text.
    static func texts() throws -> [(key: String, text: String)] {
        let data = try Data(contentsOf: URL(fileURLWithPath: StringCatalogTests.path))
        let catalog = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let strings = try #require(catalog["strings"] as? [String: [String: Any]])
        return strings.keys.sorted().compactMap { key in
            let english = (strings[key]?["localizations"] as? [String: Any])?["en"] as? [String: Any]
            guard let text = (english?["stringUnit"] as? [String: Any])?["value"] as? String else { return nil }
            return (key, text)
        }
    }

    /// The stages where a payment may have left and its answer is not in:
    /// their words are read by someone deciding whether to pay again.
    static let pending = [
        ".submitting", ".unknown", ".processing", ".actionRequired", "banner.paymentBeingChecked",
        "signInRequired.payment", "reason.yourPaymentIsBeingSent", "reason.aPaymentForThisRoomIsBeingChecked",
    ]

    @Test func noTextShownWhileAPaymentIsBeingCheckedInvitesPayingAgainOrSaysNothingWasCharged() throws {
        let texts = try Self.texts()
        #expect(texts.count > 100)
        var checked = 0
        for (key, text) in texts where Self.pending.contains(where: key.contains) {
            checked += 1
            var words = text.lowercased()
            for warning in ["do not pay again", "do not pay for this room again", "do not pay for that room again"] {
                words = words.replacingOccurrences(of: warning, with: "")
            }
            for invitation in [
                "pay again", "try again", "another card", "nothing was charged", "not charged", "nothing was sent",
            ] {
                #expect(!words.contains(invitation), "\(key): \(text)")
            }
        }
        #expect(checked >= 10, "only \(checked) texts of pending stages were read")
    }

    @Test func noTextClaimsAFactItsStageDoesNotHold() throws {
        for (key, text) in try Self.texts() {
            let words = text.lowercased()
            // The contract collects no email address: nothing can be sent to one.
            #expect(!words.contains("email") && !words.contains("e-mail"), "\(key): \(text)")
            // "Nothing was sent" only where nothing left: the client's own
            // remembered wait, or a request that never reached the server.
            if words.contains("nothing was sent") || words.contains("was not sent") {
                #expect(key.contains("waitRequested") || key.contains("notSent"), "\(key): \(text)")
            }
            // "Nothing was charged" only in stages that end an attempt unpaid.
            if words.contains("nothing was charged") {
                #expect(key.hasPrefix("booking.message.failed.") || key.hasPrefix("booking.message.notPaid."), "\(key)")
            }
            // A request that never left did not fail on the server.
            if key.contains("failed.notSent") { #expect(!words.contains("failed"), "\(key): \(text)") }
            // Holding the room again is not a check of the old hold.
            if key.hasPrefix("booking.action.retry.") { #expect(!words.contains("check"), "\(key): \(text)") }
        }
    }
}
