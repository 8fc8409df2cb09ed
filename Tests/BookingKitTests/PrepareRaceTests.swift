import BookingKit
import Foundation
import TestSupport
import Testing

/// Several clients prepare one data directory at once (a command, the
/// reconcile job and the viewer share it): none may fail because another
/// removed the write probe under it.
@Suite struct PrepareRaceTests {
    @Test func preparingOneDirectoryFromManyClientsAtOnceNeverFails() async throws {
        let directory = TemporaryDirectory("prepare-race")
        let path = directory.file("data")
        let failures = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    do {
                        try BookingClient.prepare(directory: path)
                        return nil
                    } catch {
                        return "\(error)"
                    }
                }
            }
            var failures: [String] = []
            for await failure in group { if let failure { failures.append(failure) } }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        let left = try FileManager.default.contentsOfDirectory(atPath: path)
        #expect(left.isEmpty, "probes left behind: \(left)")
    }
}
