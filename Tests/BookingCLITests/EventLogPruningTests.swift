import Foundation
import Testing

/// The logs directory keeps only the program's own logs in check: other
/// files are never deleted, and `status` runs never push out pay or hold logs.
@Suite struct EventLogPruningTests {
    @Test func pruningKeepsOtherFilesAndPayLogsOutliveManyStatusRuns() async throws {
        let booking = InProcess(label: "cli-prune")
        let logs = booking.dataDirectory + "/logs"
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        let mine = "000-my-notes.jsonl"
        let pay = "20200101T000000.000Z-pay-4242.jsonl"
        try "keep me\n".write(toFile: logs + "/" + mine, atomically: true, encoding: .utf8)
        try "".write(toFile: logs + "/" + pay, atomically: true, encoding: .utf8)
        for index in 0..<60 {
            let name = String(format: "20250101T0000%02d.000Z-status-%d.jsonl", index, 1000 + index)
            try "".write(toFile: logs + "/" + name, atomically: true, encoding: .utf8)
        }
        let run = try await booking.run(["status"])
        #expect(run.status == 0, "\(run.error)")
        let names = try FileManager.default.contentsOfDirectory(atPath: logs)
        #expect(names.contains(mine), "a file the program did not write was deleted")
        #expect(names.contains(pay), "status runs pushed out a pay log")
        #expect(names.filter { $0.contains("-status-") }.count <= 50)
    }
}
