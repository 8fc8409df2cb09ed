import BookingPrimitives
import BookingSQLite
import Foundation

/// Tells whoever watches a data directory's `booking.sqlite` that it may
/// have changed, without a timer: a commit of this process's connections
/// rings at once (SQLite's WAL hook, after the commit), and another
/// process's write is seen by the file system (`inotify` on Linux). Where
/// the system cannot tell of another process's writes, a slow look at a
/// given interval stands in for it. The watcher then reads `data_version`
/// to know whether anything moved.
package enum BookingChanges {
    private static let listeners = Locked<[String: [Int: @Sendable () -> Void]]>([:])
    private static let nextListener = Locked(0)

    /// SQLite's automatic checkpoint size (`wal_autocheckpoint`), kept by
    /// the hook that rings: a commit past it checkpoints, as SQLite's own would.
    static let checkpointFrames = 1_000

    /// Rings after every commit of `database`, the `booking.sqlite` of
    /// `directory`; checkpoints as SQLite would (`checkpointFrames`).
    static func announceCommits(of database: Database, directory: String) {
        database.afterEachCommit { frames in
            ring(directory: directory)
            return frames >= checkpointFrames ? .checkpointNow : .proceed
        }
    }

    /// Announces a commit to `booking.sqlite` in `directory` (or, from a
    /// client being closed, wakes its watchers so that they end).
    package static func ring(directory: String) {
        let key = (directory as NSString).standardizingPath
        let waiting = listeners.withLock { $0[key].map { Array($0.values) } ?? [] }
        for wake in waiting { wake() }
    }

    /// The wakes of the `booking.sqlite` in `directory`: one at once, then
    /// one after each commit this process makes to it and each write
    /// another process makes (or, where the system cannot tell of those,
    /// one each `fallbackInterval`). Ends when its reader stops.
    package static func wakes(directory: String, fallbackInterval: Duration) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.yield()
        let number = nextListener.withLock { number in
            defer { number += 1 }
            return number
        }
        let key = (directory as NSString).standardizingPath
        listeners.withLock { $0[key, default: [:]][number] = { continuation.yield() } }
        let trailing = TrailingLooks(continuation)
        let stopWatching =
            Platform.watchWrites(in: directory, toFilesNamed: BookingDatabase.fileName) { trailing.written() }
            ?? fallbackLooks(every: fallbackInterval, continuation)
        continuation.onTermination = { _ in
            listeners.withLock { $0[key]?[number] = nil }
            stopWatching()
            trailing.stop()
        }
        return stream
    }

    /// After another process's write, a look at once and a few after it:
    /// the write that commits comes before the commit is visible (its sync,
    /// then the WAL index in shared memory, which the file system does not
    /// report), so a look made at once may still see the version before.
    /// The looks stop a few seconds after the last write: nothing ticks
    /// while nothing is written.
    private final class TrailingLooks: Sendable {
        static let after: [Duration] = [.milliseconds(50), .milliseconds(250), .seconds(1), .seconds(4)]
        private let continuation: AsyncStream<Void>.Continuation
        private let task = Locked<Task<Void, Never>?>(nil)

        init(_ continuation: AsyncStream<Void>.Continuation) {
            self.continuation = continuation
        }

        func written() {
            continuation.yield()
            let continuation = self.continuation
            let next = Task {
                for delay in Self.after {
                    // Real time: the writer's commit becoming visible.
                    guard (try? await Task.sleep(for: delay)) != nil else { return }
                    continuation.yield()
                }
            }
            task.withLock { task in
                task?.cancel()
                task = next
            }
        }

        func stop() {
            task.withLock { $0?.cancel() }
        }
    }

    /// A look each `interval` where the file system cannot tell: returns its stop.
    private static func fallbackLooks(
        every interval: Duration, _ continuation: AsyncStream<Void>.Continuation
    ) -> @Sendable () -> Void {
        let task = Task {
            // Real time: only where the system cannot announce another process's writes.
            while (try? await Task.sleep(for: interval)) != nil { continuation.yield() }
        }
        return { task.cancel() }
    }
}
