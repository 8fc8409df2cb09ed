import BookingCLI
import Foundation
import TestSupport
import Testing

/// `booking --version`: the package's version and the SQLite library's the
/// process runs with, as text or as one JSON document.
@Suite struct VersionTests {
    /// The SQLite library's version as the `sqlite3` shell (same library) says it.
    static func systemSQLiteVersion() async throws -> String {
        let shell = try #require(ExternalTool.path("sqlite3"), "the sqlite3 shell is missing")
        let run = try await Booking.execute(shell, ["--version"], environment: [:])
        try #require(run.status == 0, "the sqlite3 shell is missing: \(run.error)")
        return String(try #require(run.output.split(separator: " ").first))
    }

    @Test(ExternalTool.needed("sqlite3"))
    func theVersionNamesThePackageAndTheSQLiteLibrary() async throws {
        let run = await InProcess.bare(["--version"])
        #expect(run.status == 0)
        #expect(run.output == "booking \(BookingTool.version) (SQLite \(try await Self.systemSQLiteVersion()))\n")
        #expect(run.error.isEmpty)
    }

    @Test(ExternalTool.needed("sqlite3"), arguments: [["--version", "--json"], ["--json", "--version"]])
    func withJSONTheVersionIsOneDocument(_ arguments: [String]) async throws {
        let run = await InProcess.bare(arguments)
        #expect(run.status == 0)
        let document = try run.json()
        #expect(document["version"] as? String == BookingTool.version)
        #expect(document["sqlite"] as? String == (try await Self.systemSQLiteVersion()))
        #expect(document.count == 2)
    }

    @Test func theVersionTakesNoArguments() async throws {
        let run = await InProcess.bare(["--version", "extra"])
        #expect(run.status == 2)
        #expect(run.error.contains("unexpected argument 'extra' for `booking --version`"), "\(run.error)")
        #expect(run.output.isEmpty)
    }

    @Test func theVersionIsAReleaseNumber() {
        let parts = BookingTool.version.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "\(BookingTool.version)")
    }
}
