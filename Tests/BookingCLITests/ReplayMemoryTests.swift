import Foundation
import Testing

/// `booking replay` streams its log: memory stays flat however large the file.
@Suite struct ReplayMemoryTests {
    @Test func aLargeLogIsReplayedInMemoryFarBelowItsSize() async throws {
        let booking = Booking(label: "cli-replay-large")
        // The log is made in this process; the replays are measured as processes.
        let log = try await InProcess(sharing: booking).holdLog()
        let lines = try Data(contentsOf: URL(fileURLWithPath: log))
        try #require(!lines.isEmpty)
        let large = booking.directory.file("large.jsonl")
        #expect(FileManager.default.createFile(atPath: large, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: large))
        var chunk = Data()
        while chunk.count < 1_000_000 { chunk.append(lines) }
        let megabytes = 40
        for _ in 0..<megabytes { try handle.write(contentsOf: chunk) }
        try handle.close()

        let small = try await booking.run(["replay", log])
        let baseline = try #require(small.peakMemoryKilobytes)
        let run = try await booking.run(["replay", large])
        // Every repeat after the first mismatches: the run ends 1, not 2.
        #expect(run.status == 1, "\(run.error)")
        #expect(run.output.contains("do not match the log"))
        let peak = try #require(run.peakMemoryKilobytes)
        #expect(peak - baseline < 16_000, "replaying \(megabytes) MB took \(peak) KB (a small log: \(baseline) KB)")
    }
}
