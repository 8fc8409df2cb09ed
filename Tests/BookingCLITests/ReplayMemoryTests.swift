import Foundation
import TestSupport
import Testing

/// `booking replay` streams its log: memory stays flat however large the file.
///
/// The peak is GNU time's (`%M`), not `wait4`'s from this process: on Linux
/// a child's peak counts the memory of the process that forked it (the
/// larger of the two is kept across `exec`), so measured from the test
/// runner it read the runner's growth between two runs (730 MB in CI), not
/// the replay's. `time` forks the replay from its own small process.
@Suite struct ReplayMemoryTests {
    @Test(ExternalTool.needed("time"))
    func aLargeLogIsReplayedInMemoryFarBelowItsSize() async throws {
        let time = try #require(ExternalTool.path("time"), "GNU time is missing")
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
        let megabytes = 10
        for _ in 0..<megabytes { try handle.write(contentsOf: chunk) }
        try handle.close()

        let (_, baseline) = try await Self.replay(log, of: booking, timedBy: time)
        let (run, peak) = try await Self.replay(large, of: booking, timedBy: time)
        // Every repeat after the first mismatches: the run ends 1, not 2.
        #expect(run.status == 1, "\(run.error)")
        #expect(run.output.contains("do not match the log"))
        #expect(peak - baseline < 4_000, "replaying \(megabytes) MB took \(peak) KB (a small log: \(baseline) KB)")
    }

    /// Runs `booking replay file` under GNU time; returns the run and the
    /// replay's peak resident memory in kilobytes (time's last stderr line).
    static func replay(_ file: String, of booking: Booking, timedBy time: String) async throws -> (Booking.Run, Int) {
        let path = try #require(Booking.path, "the booking executable is not built")
        let marker = "peak-kilobytes "
        let run = try await Booking.execute(
            time, ["-f", marker + "%M", path] + booking.global + ["replay", file], environment: booking.environment)
        let last = run.errorLines.last ?? ""
        let peak = try #require(
            last.hasPrefix(marker) ? Int(last.dropFirst(marker.count)) : nil, "no peak from time: \(run.error)")
        return (run, peak)
    }
}
