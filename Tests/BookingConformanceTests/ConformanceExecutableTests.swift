import BookingConformance
import BookingPrimitives
import BookingTestSupport
import Foundation
import Testing

/// `booking-conformance` as a backend's CI runs it: a child process, its
/// exit status, its JSON and its JUnit file.
@Suite(.timeLimit(.minutes(5))) struct ConformanceExecutableTests {
    static func executable() throws -> String {
        try #require(BuiltProducts.executable("booking-conformance"), "swift build builds booking-conformance")
    }

    @Test(arguments: [
        ["--server", "not a url", "--api-key", "k"], ["--server", "ftp://example.com", "--api-key", "k"],
        ["--api-key", "k"], ["--server", "http://127.0.0.1:1"], ["--server", "http://127.0.0.1:1", "--api-key"],
        ["--server", "http://127.0.0.1:1", "--api-key", "k", "--only", "nonsense"], ["--frobnicate"],
        ["--server", "http://127.0.0.1:1", "--api-key", "k", "--second-api-key", "k"],
    ])
    func badUsageExitsTwoWithAClearError(_ arguments: [String]) throws {
        let result = ChildProcess.run(try Self.executable(), arguments)
        #expect(result.status == 2, "\(arguments): \(result.standardError)")
        #expect(result.standardError.hasPrefix("booking-conformance: "), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func helpPrintsTheUsageAndEveryCheck() throws {
        let result = ChildProcess.run(try Self.executable(), ["--help"])
        #expect(result.status == 0)
        for check in ConformanceCheck.allCases { #expect(result.standardOutput.contains(check.rawValue)) }
    }

    /// Nothing listens on port 1: no promise can be shown kept, so the run
    /// fails (every check incomplete or not exercised), quickly.
    @Test func aServerThatDoesNotAnswerIsNeverReportedAsKeepingItsPromises() throws {
        let result = ChildProcess.run(try Self.executable(), ["--server", "http://127.0.0.1:1", "--api-key", "k"])
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("KEPT") }, "\(result.standardOutput)")
        #expect(lines.contains { $0.hasPrefix("INCOMPLETE     replay: ") }, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("GET /v1/places/suggest?q=l -> no answer"), "\(result.standardOutput)")
    }

    @Test func aPassingRunExitsZeroWithJSONAndAJUnitFile() async throws {
        let server = try ConformanceServer()
        let junit = server.directory.file("conformance.xml")
        let result = ChildProcess.run(
            try Self.executable(),
            [
                "--server", server.url.absoluteString, "--api-key", ConformanceServer.firstKey, "--second-api-key",
                ConformanceServer.secondKey, "--json", "--junit", junit,
            ])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(result.standardOutput.utf8))
        #expect(json["checks"].items.count == ConformanceCheck.allCases.count)
        #expect(json["checks"].items.allSatisfy { $0["verdict"].stringValue == "kept" })
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(
            xml.contains(
                "<testsuites name=\"booking-conformance\" tests=\"\(ConformanceCheck.allCases.count)\" failures=\"0\" errors=\"0\""
            ))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == ConformanceCheck.allCases.count)
        await server.stop()
    }

    @Test func aBrokenPromiseExitsOneAndNamesTheExchange() async throws {
        let server = try ConformanceServer(breaking: .stripReplayHeader)
        let junit = server.directory.file("conformance.xml")
        let result = ChildProcess.run(
            try Self.executable(),
            ["--server", server.url.absoluteString, "--api-key", ConformanceServer.firstKey, "--junit", junit])
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("BROKEN ") && $0.contains(" replay: ") }, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("POST /v1/holds key=conformance-"), "\(result.standardOutput)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("type=\"broken-promise\""))
        await server.stop()
    }
}
