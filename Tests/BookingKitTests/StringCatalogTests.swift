import Foundation
import TestSupport
import Testing

@testable import BookingKit

/// The String Catalog an app ships (`Localization/BookingKit.xcstrings`)
/// holds every key the flow can show, each with its English format, and
/// each format puts its arguments back. Regenerate it with
/// `BOOKINGKIT_UPDATE_CATALOG=1 swift test --filter StringCatalogTests`.
@Suite("String Catalog")
struct StringCatalogTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Localization/BookingKit.xcstrings").path

    /// An exploration of every stage's texts: tens of seconds of CPU in a
    /// debug build, so it runs in the long mode (`scripts/long-mode.sh`,
    /// which CI runs), or when regenerating the catalog.
    @Test(
        "the committed catalog has exactly the flow's keys and formats",
        .enabled(
            if: ["BOOKINGKIT_LONG", "BOOKINGKIT_UPDATE_CATALOG"].contains {
                ProcessInfo.processInfo.environment[$0] == "1"
            }))
    func catalogMatchesTheCode() async throws {
        // Exploring the flow's stages is seconds of CPU: off the cooperative pool.
        let texts = try await onOwnThread { StringCatalog.flowTexts() }
        #expect(texts.formats.count > 30, "only \(texts.formats.count) keys")
        #expect(texts.conflicts.isEmpty, "a key with two formats: \(texts.conflicts)")
        let generated = try StringCatalog.xcstrings(texts.formats)
        if ProcessInfo.processInfo.environment["BOOKINGKIT_UPDATE_CATALOG"] == "1" {
            try generated.write(toFile: Self.path, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOfFile: Self.path, encoding: .utf8)
        #expect(committed == generated, "Localization/BookingKit.xcstrings is stale: regenerate it")
    }

    @Test("a format fills back to the English text, in any order of its placeholders")
    func formatsFillBack() {
        let text = LocalizedText(key: "k", defaultValue: "Hold a room at Casa 100% Azul", arguments: ["Casa 100% Azul"])
        #expect(text.format == "Hold a room at %1$@")
        #expect(text.filling(text.format) == text.defaultValue)
        let two = LocalizedText(key: "k2", defaultValue: "From A to B", arguments: ["A", "B"])
        #expect(two.format == "From %1$@ to %2$@")
        #expect(two.filling("Von %2$@ her, nach %1$@ hin: 5%%") == "Von B her, nach A hin: 5%")
        let dates = LocalizedText(
            key: "k3", defaultValue: "2026-12-01 to 2026-12-03, 2 night(s), 2 guest(s).",
            arguments: ["2026-12-01", "2026-12-03", "2", "2"])
        #expect(dates.format == "%1$@ to %2$@, %3$@ night(s), %4$@ guest(s).")
        #expect(dates.filling(dates.format) == dates.defaultValue)
    }
}
