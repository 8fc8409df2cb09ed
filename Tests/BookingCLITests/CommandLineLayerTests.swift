import Foundation
import Testing

/// The command line parses, calls the library and prints: it reaches the
/// data directory's files only through `BookingDiagnostics`, never by
/// importing the store or the SQLite layer (ARCHITECTURE.md's module table).
@Suite struct CommandLineLayerTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/BookingCLI")

    @Test func noCommandLineFileImportsTheStoreOrTheSQLiteLayer() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path)).compactMap {
            $0 as? String
        }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 30)
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.contains(" import ") }
            for layer in ["BookingStore", "BookingSQLite", "CBookingSQLite"] {
                #expect(!imports.contains { $0.hasSuffix(" \(layer)") }, "\(file) imports \(layer)")
            }
        }
    }
}
