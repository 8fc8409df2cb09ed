import Foundation
import TestSupport
import Testing

/// A cancellation and a change of dates each keep an event log of their
/// run, as a payment does, and `booking replay` replays them through their
/// own flow's reducer: every state and effect matches (a stage logged
/// under its former name too), and a log whose logged state was changed is
/// a mismatch (exit 1), never a pass.
@Suite struct FlowRunReplayTests {
    @Test func theRunsOfACancellationAndAChangeOfDatesReplayStepByStep() async throws {
        let sandbox = try await SandboxProcess()
        let booking = InProcess(sharing: Booking(server: sandbox.url, label: "cli-run-replay"))
        let offer = try #require(try await booking.offers().first?["offerId"] as? String)
        #expect(try await booking.run(["hold", offer]).status == 0)
        let paid = try await booking.run(["pay", "--json"]).json()
        let id = try #require((paid["state"] as? [String: Any])?["bookingId"] as? String)
        let moved = try await booking.run([
            "modify", id, "--check-in", Booking.date(21), "--check-out", Booking.date(23), "--accept",
        ])
        #expect(moved.status == 0, "\(moved.output) \(moved.error)")
        let cancelled = try await booking.run(["cancel", id, "--yes"])
        #expect(cancelled.status == 0, "\(cancelled.output) \(cancelled.error)")
        await sandbox.stop()

        let logs = try Self.logs(under: booking.global[1])
        let modifyLog = try #require(logs.first { $0.hasSuffix(".jsonl") && $0.contains("-modify-") }, "\(logs)")
        let cancelLog = try #require(logs.first { $0.hasSuffix(".jsonl") && $0.contains("-cancel-") }, "\(logs)")

        let modify = try await booking.run(["replay", modifyLog])
        #expect(modify.status == 0, "\(modify.output) \(modify.error)")
        #expect(modify.output.contains("accepted -> recording  [record]  ok"))
        #expect(modify.output.contains("saved -> modified  ok"))
        #expect(modify.output.contains("every state and effect matches the log"))

        // A log written before the modify flow took the cancel flow's words
        // (`done` for `modified`, `failed` for `notSent`, ...) still replays.
        let modifyText = try String(contentsOfFile: modifyLog, encoding: .utf8)
        let former = modifyText.replacingOccurrences(of: "\"state\":\"modified\"", with: "\"state\":\"done\"")
        #expect(former != modifyText)
        try former.write(toFile: modifyLog, atomically: true, encoding: .utf8)
        let formerReplay = try await booking.run(["replay", modifyLog])
        #expect(formerReplay.status == 0, "\(formerReplay.output) \(formerReplay.error)")
        #expect(formerReplay.output.contains("every state and effect matches the log"))

        let cancel = try await booking.run(["replay", cancelLog, "--json"])
        #expect(cancel.status == 0, "\(cancel.output) \(cancel.error)")
        let document = try cancel.json()
        #expect(document["flow"] as? String == "cancel")
        #expect(document["matches"] as? Bool == true)
        let steps = try #require(document["steps"] as? [[String: Any]])
        #expect(steps.first?["event"] as? String == "started")
        #expect(steps.last?["replayedState"] as? String == "cancelled")

        // A log that says the cancellation ended otherwise does not replay.
        let text = try String(contentsOfFile: cancelLog, encoding: .utf8)
        let tampered = text.replacingOccurrences(of: "\"state\":\"cancelled\"", with: "\"state\":\"refused\"")
        #expect(tampered != text)
        try tampered.write(toFile: cancelLog, atomically: true, encoding: .utf8)
        let mismatch = try await booking.run(["replay", cancelLog])
        #expect(mismatch.status == 1)
        #expect(mismatch.output.contains("MISMATCH (logged refused"))
    }

    /// Every file under `directory`, by path.
    static func logs(under directory: String) throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: directory))
        return enumerator.compactMap { $0 as? String }.filter { $0.contains("logs/") }
            .map { (directory as NSString).appendingPathComponent($0) }
    }
}
