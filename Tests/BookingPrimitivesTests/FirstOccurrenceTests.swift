import BookingPrimitives
import Testing

/// The plain string search the lean viewer uses instead of the standard
/// library's `firstRange(of:)`: the same answers, character by character.
@Suite struct FirstOccurrenceTests {
    @Test(arguments: [
        ("https://host", "://"), ("a", "a"), ("abc", "c"), ("aab", "ab"), ("abab", "bab"), ("", "x"), ("abc", ""),
        ("abc", "abcd"), ("xyz", "q"), ("café au lait", "é a"), ("e\u{301}x", "\u{e9}"), ("Hello %@ and %@", "%@"),
    ])
    func findsWhatFirstRangeFinds(text: String, target: String) {
        let found = text.firstOccurrence(of: target)
        let expected = target.isEmpty ? nil : text.firstRange(of: target)
        #expect(found == expected, "\(text) / \(target)")
    }

    @Test func aSubstringAnswersWithItsOwnIndices() {
        let text = "one::two::three"
        let rest = text[text.index(text.startIndex, offsetBy: 5)...]
        let range = rest.firstOccurrence(of: "::")
        #expect(range.map { String(rest[$0.upperBound...]) } == "three")
    }
}
