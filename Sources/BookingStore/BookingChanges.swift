import BookingPrimitives
import BookingSQLite
import Foundation

/// Tells whoever watches a data directory's `booking.sqlite` that it may
/// have changed, without a timer: a commit of this process's connections
/// rings at once (SQLite's WAL hook, after the commit), and another
/// process's write is seen by the file system (`inotify` on Linux; one
/// watch per directory, shared by every reader of it). Where the system
/// cannot tell of another process's writes, a look at a given interval
/// stands in for it, only while something can still change (the reader
/// says what): with nothing open the looks stop, and the next commit of
/// this process, or a ring, starts them again. The watcher then reads
/// `data_version` to know whether anything moved.
package enum BookingChanges {
    /// One directory's readers and its file-system watch.
    private struct Watched {
        var readers: [Int: Reader] = [:]
        /// Stops the watch; nil when the system gave none.
        var stop: (@Sendable () -> Void)?
    }

    /// What one reader is told.
    private struct Reader {
        /// A commit of this process.
        var committed: @Sendable () -> Void
        /// Another process's write (its looks follow).
        var written: @Sendable () -> Void
    }

    private static let watched = Locked<[String: Watched]>([:])
    private static let nextReader = Locked(0)
    /// The timed looks running, per directory.
    private static let looking = Locked<[String: Int]>([:])

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
    /// client being closed, wakes its readers so that they end).
    package static func ring(directory: String) {
        let key = (directory as NSString).standardizingPath
        let readers = watched.withLock { $0[key].map { Array($0.readers.values) } ?? [] }
        for reader in readers { reader.committed() }
    }

    /// The wakes of the `booking.sqlite` in `directory`: one at once, then
    /// one after each commit this process makes to it and each write
    /// another process makes (where the system cannot tell of those, or
    /// has no watch left to give, one each `fallbackInterval`, and
    /// `fellBack` is called once). Ends when its reader stops.
    ///
    /// `watchFiles` false takes the path of a system that cannot tell (a
    /// test of it on Linux); `worthLooking` says whether the timed looks
    /// should go on (true by default: always).
    package static func wakes(
        directory: String, fallbackInterval: Duration, watchFiles: Bool = true,
        worthLooking: @escaping @Sendable () -> Bool = { true }, fellBack: @escaping @Sendable () -> Void = {}
    ) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.yield()
        let key = (directory as NSString).standardizingPath
        let number = nextReader.withLock { number in
            defer { number += 1 }
            return number
        }
        let trailing = TrailingLooks(continuation)
        let timed = TimedLooks(every: fallbackInterval, key: key, continuation, worthLooking: worthLooking)
        let reader = Reader(
            committed: {
                continuation.yield()
                timed.start()
            }, written: { trailing.written() })
        let watching = watched.withLock { watched -> Bool in
            var entry = watched[key] ?? Watched()
            if entry.readers.isEmpty && watchFiles {
                entry.stop = Platform.watchWrites(in: key, toFilesNamed: BookingDatabase.fileName) {
                    let readers = Self.watched.withLock { $0[key].map { Array($0.readers.values) } ?? [] }
                    for reader in readers { reader.written() }
                }
            }
            entry.readers[number] = reader
            watched[key] = entry
            return entry.stop != nil
        }
        if watching {
            timed.disable()
        } else {
            fellBack()
            timed.start()
        }
        continuation.onTermination = { _ in
            let stop = watched.withLock { watched -> (@Sendable () -> Void)? in
                guard var entry = watched[key] else { return nil }
                entry.readers[number] = nil
                if entry.readers.isEmpty {
                    watched[key] = nil
                    return entry.stop
                }
                watched[key] = entry
                return nil
            }
            stop?()
            timed.disable()
            trailing.stop()
        }
        return stream
    }

    /// How many timed looks run on `directory` (where the system cannot
    /// tell of other processes' writes; none while nothing is open).
    package static func timedLooks(in directory: String) -> Int {
        looking.withLock { $0[(directory as NSString).standardizingPath] ?? 0 }
    }

    /// How many readers wait on `directory`'s changes, and whether the file
    /// system watches it for them (one watch, however many readers).
    package static func readers(of directory: String) -> (count: Int, watched: Bool) {
        let key = (directory as NSString).standardizingPath
        return watched.withLock { ($0[key]?.readers.count ?? 0, $0[key]?.stop != nil) }
    }

    /// A look each `interval` where the file system cannot tell, while
    /// `worthLooking` says something can change: it stops when nothing can,
    /// and `start()` (a commit of this process, a ring) begins it again.
    private final class TimedLooks: Sendable {
        private struct State {
            var running = false
            /// Started again while it was deciding to stop: one more look.
            var poked = false
            var disabled = false
            var task: Task<Void, Never>?
        }

        private let interval: Duration
        private let key: String
        private let continuation: AsyncStream<Void>.Continuation
        private let worthLooking: @Sendable () -> Bool
        private let state = Locked(State())

        init(
            every interval: Duration, key: String, _ continuation: AsyncStream<Void>.Continuation,
            worthLooking: @escaping @Sendable () -> Bool
        ) {
            self.interval = interval
            self.key = key
            self.continuation = continuation
            self.worthLooking = worthLooking
        }

        /// Looks on (or again) unless disabled.
        func start() {
            state.withLock { state in
                guard !state.disabled else { return }
                state.poked = true
                guard !state.running else { return }
                state.running = true
                BookingChanges.looking.withLock { $0[key, default: 0] += 1 }
                state.task = Task { [self] in await run() }
            }
        }

        /// Stops for good (the file system tells, or the reader left).
        func disable() {
            let task = state.withLock { state -> Task<Void, Never>? in
                state.disabled = true
                return state.task
            }
            task?.cancel()
        }

        private func run() async {
            // Real time: only where the system cannot announce another process's writes.
            while (try? await Task.sleep(for: interval)) != nil {
                let poked = state.withLock { state -> Bool in
                    defer { state.poked = false }
                    return state.poked
                }
                if poked || worthLooking() {
                    continuation.yield()
                    continue
                }
                let ends = state.withLock { state -> Bool in
                    if state.poked { return false }
                    state.running = false
                    state.task = nil
                    return true
                }
                if ends { break }
            }
            state.withLock { state in
                if state.running && Task.isCancelled { state.running = false }
            }
            BookingChanges.looking.withLock { $0[key, default: 1] -= 1 }
        }
    }

    /// After another process's write, a look at once and more after it,
    /// further and further apart: the write that commits comes before the
    /// commit is visible (its sync, then the WAL index in shared memory,
    /// which the file system does not report), and a loaded disk can take
    /// seconds to sync. The looks stop two minutes after the last write:
    /// nothing ticks while nothing is written.
    private final class TrailingLooks: Sendable {
        static let after: [Duration] = [
            .milliseconds(50), .milliseconds(250), .seconds(1), .seconds(4), .seconds(15), .seconds(40),
            .seconds(60),
        ]
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
}
