import BookingCore
import Testing

/// The keyed texts: every title, message, banner, label and reason of every
/// state the flow reaches has a key and an English default; a key without
/// arguments always has the same default; no two keys differ only in case.
@Suite("Text keys")
struct TextKeyTests {
    @Test("every key has one default, and no two keys differ only in case")
    func everyKeyHasADefault() {
        var defaults: [String: Set<String>] = [:]
        var withArguments: Set<String> = []
        for state in Self.reachableStates() {
            var texts = [state.titleText] + [state.messageText, state.bannerText].compactMap { $0 }
            for row in state.actions {
                texts.append(row.labelText)
                if let reason = row.disabledReasonText { texts.append(reason) }
            }
            for text in texts {
                #expect(text.key.hasPrefix("booking."), "\(text.key)")
                #expect(!text.defaultValue.isEmpty, "\(text.key) has no default")
                defaults[text.key, default: []].insert(text.defaultValue)
                if !text.arguments.isEmpty { withArguments.insert(text.key) }
            }
        }
        #expect(defaults.count > 40, "only \(defaults.count) keys reached")
        for (key, values) in defaults where !withArguments.contains(key) {
            #expect(values.count == 1, "\(key) has \(values.count) defaults: \(values.sorted())")
        }
        let byLowercase = Dictionary(grouping: defaults.keys, by: { $0.lowercased() })
        for (_, keys) in byLowercase {
            #expect(keys.count == 1, "keys differ only in case: \(keys.sorted())")
        }
    }

    @Test("a relabelled action and a reason get keys of their own words")
    func slugs() {
        #expect(
            BookingFlow.ActionState.enabled(.retry, label: "Hold the room again").labelText.key
                == "booking.action.retry.holdTheRoomAgain")
        #expect(BookingFlow.ActionState.enabled(.pay).labelText.key == "booking.action.pay")
        #expect(
            BookingFlow.ActionState.disabled(.pay, because: "The room is not held yet.").disabledReasonText?.key
                == "booking.reason.theRoomIsNotHeldYet")
    }

    @Test("a price change's amounts are rewritten for a locale, its key and placeholders kept")
    func moneyArgumentsAreFormattedByTheApp() throws {
        let changed = BookingFlow.reduce(
            Fix.requestingHold, .holdFailed(Fix.a1, .priceChanged(BookingFlow.Samples.newQuote))
        ).state
        let text = try #require(changed.messageText)
        let amounts = [changed.stage.offer?.quote.price.total, changed.price?.total].compactMap { $0 }
        // A stand-in for `formatted(for:)` (whole euros; this module has no Foundation).
        let local = text.formattingMoney(amounts) { "\($0.minorUnits / 100),00 €" }
        #expect(local.defaultValue == "It was 401,00 €, it is now 434,00 €.")
        #expect(local.key == text.key)
        #expect(local.filling("Es waren %1$@, jetzt %2$@.") == "Es waren 401,00 €, jetzt 434,00 €.")
        #expect(text.formattingMoney([], with: { _ in "" }) == text)
    }

    /// The states reachable from the initial one with the sample events
    /// (the diagram's walk), both online and offline.
    static func reachableStates(limit: Int = 2_000) -> [BookingFlow.State] {
        var seen: Set<BookingFlow.State> = [BookingFlow.explorationStart]
        var queue = [BookingFlow.explorationStart]
        var index = 0
        while index < queue.count, seen.count < limit {
            let state = queue[index]
            index += 1
            for event in BookingFlow.sampleEvents(for: state) {
                let (next, _) = BookingFlow.reduce(state, event)
                if seen.insert(next).inserted { queue.append(next) }
            }
        }
        return queue
    }
}
