import Foundation
import TestSupport
import Testing

/// `scripts/replay-vectors.py`, the reader in another language: it replays
/// every committed trace against the committed tables, and a trace that
/// disagrees with its table fails it.
@Suite(ExternalTool.needed("python3")) struct ReplayVectorsScriptTests {
    static let script = (BuiltProducts.packageRoot as NSString).appendingPathComponent("scripts/replay-vectors.py")
    static let vectors = (BuiltProducts.packageRoot as NSString).appendingPathComponent("Vectors")

    static func run(_ directory: String) throws -> ChildProcess.Result {
        ChildProcess.run(try #require(ExternalTool.path("python3")), [script, directory])
    }

    @Test func theReaderReplaysEveryCommittedTrace() throws {
        let result = try Self.run(Self.vectors)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        for flow in ["booking", "payment", "cancel", "modify"] {
            #expect(result.standardOutput.contains("\(flow): "), "\(result.standardOutput)")
        }
    }

    @Test func aTraceThatDisagreesWithItsTableFailsTheReader() throws {
        let copy = TemporaryDirectory("vectors")
        try FileManager.default.copyItem(atPath: Self.vectors, toPath: copy.file("Vectors"))
        let traces = copy.file("Vectors/traces/cancel.json")
        let text = try String(contentsOfFile: traces, encoding: .utf8)
        let step = try #require(text.range(of: "\"effects\": []"), "a step with no effects to change")
        try text.replacingCharacters(in: step, with: "\"effects\": [\"somethingElse\"]")
            .write(toFile: traces, atomically: true, encoding: .utf8)
        let result = try Self.run(copy.file("Vectors"))
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("the trace for ['somethingElse']"), "\(result.standardError)")
    }
}
