import Foundation
import Testing

/// BookingCore reads no clock, makes no ids and does no I/O, except in the
/// hold-clock files (whose names contain "clock"). The same check as CI's grep.
@Suite struct PurityTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/BookingCore")

    static let forbidden = try! NSRegularExpression(
        pattern: #"Date\(\)|UUID\(\)|.random|ContinuousClock.now|SuspendingClock.now|URLSession|sqlite3_"#)

    @Test func onlyTheClockFilesTouchTheOutsideWorld() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter {
            $0.hasSuffix(".swift")
        }
        #expect(files.count > 20)
        for file in files where !file.lowercased().contains("clock") {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            #expect(Self.forbidden.firstMatch(in: text, range: range) == nil, "\(file)")
            #expect(
                !text.contains("import Foundation") && !text.contains("import Glibc")
                    && !text.contains("import Darwin"),
                "\(file) imports a platform module")
        }
    }
}
