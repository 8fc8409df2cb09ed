import Foundation
import Testing

/// With `--json`, an error is exactly one JSON document on stdout,
/// `{"error": {"code", "message", "exitCode"}}`, and one line on stderr.
@Suite struct JSONErrorTests {
    static func expectErrorDocument(
        _ run: Booking.Run, code: String, exitCode: Int32,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(run.status == exitCode, "exit \(run.status): \(run.error)", sourceLocation: sourceLocation)
        let error = try #require(
            try run.json()["error"] as? [String: Any], "stdout: \(run.output)",
            sourceLocation: sourceLocation)
        #expect(error["code"] as? String == code, sourceLocation: sourceLocation)
        #expect(error["exitCode"] as? Int == Int(exitCode), sourceLocation: sourceLocation)
        #expect((error["message"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
        #expect(try run.json().count == 1, "only the error: \(run.output)", sourceLocation: sourceLocation)
        #expect(run.errorLines.count == 1, "stderr: \(run.error)", sourceLocation: sourceLocation)
    }

    @Test func aRejectedInputIsOneJSONErrorDocument() async throws {
        let run = try await InProcess().run(["trip", "bk_nope", "--json"])
        try Self.expectErrorDocument(run, code: "usage", exitCode: 2)
    }

    @Test func aBadCommandLineWithJSONIsOneJSONErrorDocument() async throws {
        let run = try await InProcess().run(["--json", "offers", "--place"])
        try Self.expectErrorDocument(run, code: "usage", exitCode: 2)
    }

    @Test func anUnreachableServerIsOneJSONErrorDocumentNotAMix() async throws {
        let run = try await InProcess(server: "http://127.0.0.1:9").run(["search", "Lisbon", "--json"])
        try Self.expectErrorDocument(run, code: "failed", exitCode: 1)
    }
}
