import BookingSQLite
import Foundation
import TestSupport
import Testing

/// SQLite's memory statistics are off in a process that uses BookingSQLite:
/// with them on, every allocation of every connection takes one mutex of
/// the process, and connections on different threads wait on each other
/// (the simulation's 8 lanes spent 79 s of CPU with them on, 41 s off).
@Suite struct MemoryStatisticsTests {
    @Test func connectionsOnManyThreadsShareNoMutexToCountMemory() async throws {
        let directory = TemporaryDirectory("sqlite-memstatus")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<4 {
                group.addTask {
                    let database = try Database(path: directory.file("lane-\(lane).sqlite"))
                    try database.execute("CREATE TABLE t (x TEXT)")
                    for row in 0..<50 { try database.execute("INSERT INTO t VALUES ('\(row)')") }
                }
            }
            try await group.waitForAll()
        }
        #expect(!Database.countsMemory, "SQLite counts memory: its statistics were on before BookingSQLite set it up")
    }
}
