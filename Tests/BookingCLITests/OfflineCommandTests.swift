import BookingCore
import Foundation
import TestSupport
import Testing

/// The commands that need no server: diagram and replay.
@Suite struct OfflineCommandTests {
    @Test func theDiagramPrintsAsMermaidDotOrJSON() async throws {
        // The process explores the flow once (seconds of CPU) and keeps it:
        // do that off the cooperative pool, before the in-process runs.
        _ = try await onOwnThread { FlowDiagram.generate().stages.count }
        let mermaid = await InProcess.bare(["diagram"])
        #expect(mermaid.status == 0)
        #expect(mermaid.output.hasPrefix("stateDiagram-v2\n"))
        let dot = await InProcess.bare(["diagram", "--format", "dot"])
        #expect(dot.output.hasPrefix("digraph BookingFlow {"))
        let json = try await InProcess.bare(["diagram", "--format", "dot", "--json"]).json()
        #expect(json["format"] as? String == "dot")
        #expect((json["stages"] as? [String])?.contains("unknown") == true)
        #expect((json["text"] as? String)?.hasPrefix("digraph") == true)
    }

    @Test func aReplayThatDoesNotMatchItsLogExitsOneAndAnUnreadableLogTwo() async throws {
        let booking = InProcess(label: "cli-replay")
        let log = try await booking.holdLog()
        let good = try await booking.run(["replay", log])
        #expect(good.status == 0)
        #expect(good.output.contains("holdTapped -> requestingHold  [saveAttempt, requestHold]  ok"))
        #expect(good.output.contains("every state and effect matches the log"))

        let text = try String(contentsOfFile: log, encoding: .utf8)
        let tampered = booking.directory.file("tampered.jsonl")
        try text.replacingOccurrences(of: #""state":"held""#, with: #""state":"expired""#)
            .write(toFile: tampered, atomically: true, encoding: .utf8)
        let bad = try await booking.run(["replay", tampered])
        #expect(bad.status == 1)
        #expect(bad.output.contains("MISMATCH (logged expired"))

        let garbage = booking.directory.file("garbage.jsonl")
        try (text + "not json\n").write(toFile: garbage, atomically: true, encoding: .utf8)
        let unreadable = try await booking.run(["replay", garbage])
        #expect(unreadable.status == 2)
        #expect(unreadable.errorLines.count == 1)
        #expect(unreadable.error.contains("is not a log entry"))
    }

    @Test func aLinkToAnotherHostSaysWhyAndTheHostCanBeConfigured() async throws {
        var booking = InProcess(label: "cli-open")
        let rejected = try await booking.run(["open", "https://example.com/trips/bk_1?x=1"])
        #expect(rejected.status == 2)
        #expect(rejected.error == "booking: rejected link: it has a query string\n")
        booking.environment["BOOKING_LINK_HOST"] = "trips.example.org"
        let unknown = try await booking.run(["open", "https://trips.example.org/trips/bk_1"])
        // Accepted by the parser; no such trip on this device.
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("no trip bk_1 on this device"))
    }
}
