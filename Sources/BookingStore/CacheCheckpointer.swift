import BookingSQLite
import Foundation

/// Copies `cache.sqlite`'s WAL into the file on a queue of its own, through
/// a connection of its own, so that no put waits for it.
///
/// SQLite checkpoints inside the commit that takes the WAL past 1,000
/// frames: that put copied the WAL into the file and synced both, which
/// was the whole tail of the put (p99 11-14 ms against a p50 of 0.09 ms on
/// a loaded disk, BENCHMARKS.md). Here the commit only asks, and a passive
/// checkpoint runs on the queue while puts go on appending. If the queue
/// falls behind (a reader holding the WAL, a connection that cannot open)
/// the WAL is still bounded: past `inlineFrames` the committing connection
/// checkpoints itself, as SQLite would.
final class CacheCheckpointer: @unchecked Sendable {
    /// SQLite's automatic checkpoint size (`wal_autocheckpoint`), in frames.
    static let requestFrames = 1_000
    /// The WAL size past which a commit checkpoints itself.
    static let inlineFrames = 8 * requestFrames

    private let path: String
    private let queue: DispatchQueue
    /// Whether a checkpoint is queued or running (under `lock`): cleared
    /// when it ends, so the commits made while it copies (the WAL still past
    /// the size) queue no other. Cleared when it started, the cache ran
    /// about nine checkpoints where SQLite would run one.
    private var pending = false
    /// Checkpoints run since open (under `lock`).
    private var runs = 0
    /// Frames the commits wrote since open, and the WAL's size at the last
    /// commit (under `lock`).
    private var written = 0
    private var lastFrames = 0
    /// The WAL's size in frames when the last checkpoint was queued (under
    /// `lock`): the next is asked for once the WAL has grown by
    /// `requestFrames` more, one per 1,000 frames written, as SQLite's own.
    /// While puts go on, a checkpoint off the writer's path rarely leaves
    /// the WAL empty enough to restart, so its size alone would ask on
    /// nearly every commit.
    private var queuedAt = 0
    private let lock = NSLock()
    /// Used on `queue` only (with `lock`, why this is `@unchecked Sendable`).
    private var connection: Database?

    init(path: String, queue: DispatchQueue?) {
        self.path = path
        self.queue = queue ?? DispatchQueue(label: "BookingStore.cache-checkpoint", qos: .utility)
    }

    /// What a commit of the cache does next (`Database.afterEachCommit`).
    func afterCommit(framesInWAL frames: Int) -> Database.AfterCommit {
        lock.withLock {
            written += frames >= lastFrames ? frames - lastFrames : frames
            lastFrames = frames
        }
        if frames >= Self.inlineFrames { return .checkpointNow }
        guard frames >= Self.requestFrames else { return .proceed }
        let first = lock.withLock {
            // Smaller than when the last was queued: the WAL restarted.
            if frames < queuedAt { queuedAt = 0 }
            guard !pending, frames >= queuedAt + Self.requestFrames else { return false }
            pending = true
            queuedAt = frames
            return true
        }
        if first {
            queue.async { [self] in
                checkpoint()
                lock.withLock {
                    pending = false
                    runs += 1
                }
            }
        }
        return .proceed
    }

    /// How many checkpoints the queue has run.
    var checkpointsRun: Int { lock.withLock { runs } }

    /// How many WAL frames the commits have written.
    var framesWritten: Int { lock.withLock { written } }

    /// Waits for a running checkpoint and closes the connection: before the
    /// cache's files are deleted, or when the cache closes.
    func close() {
        queue.sync { connection = nil }
    }

    private func checkpoint() {
        do {
            if connection == nil { connection = try Database(path: path, options: .init(synchronous: .off)) }
            _ = try connection?.pragma("wal_checkpoint", set: "PASSIVE")
        } catch {
            // A cache: the next request tries again, and the WAL is bounded
            // by `inlineFrames` meanwhile.
            connection = nil
        }
    }
}
