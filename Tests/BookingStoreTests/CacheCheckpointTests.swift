import BookingStore
import Foundation
import TestSupport
import Testing

/// A result-page put never copies the WAL into cache.sqlite: that
/// checkpoint (and its two syncs) was the put's whole tail. It runs on the
/// cache's own queue, and the WAL stays bounded when that queue is stuck.
@Suite struct CacheCheckpointTests {
    let directory = TemporaryDirectory("cache-checkpoint")

    private func size(_ file: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: directory.file(file)))?[.size] as? Int ?? 0
    }

    /// The cache in `directory` with its checkpoint queue suspended (resume
    /// it to let the checkpoints run).
    private func stuckCache(byteCapacity: Int64) throws -> (DispatchQueue, CacheDatabase) {
        let queue = DispatchQueue(label: "test.checkpoint")
        queue.suspend()
        return (queue, try CacheDatabase(directory: directory.path, byteCapacity: byteCapacity, checkpointQueue: queue))
    }

    private func put(_ cache: CacheDatabase, _ range: Range<Int>) throws {
        let items = String(repeating: "x", count: 20_000)
        for index in range {
            try cache.resultPages.put(
                ResultPage(
                    queryKey: "q\(index)", pageIndex: 0, itemsJSON: items, nextCursor: nil,
                    quotedAt: Date(timeIntervalSince1970: 1)),
                at: Date(timeIntervalSince1970: Double(index)))
        }
    }

    @Test func putsPastTheCheckpointSizeLeaveTheFileToTheCheckpointQueue() throws {
        let (queue, cache) = try stuckCache(byteCapacity: 64 << 20)
        let before = size("cache.sqlite")
        // 400 pages of 20 KB: about 2,400 frames, past SQLite's 1,000.
        try put(cache, 0..<400)
        #expect(size("cache.sqlite") == before, "a put copied the WAL into the file")
        #expect(size("cache.sqlite-wal") > 8 << 20)
        queue.resume()
        queue.sync {}
        #expect(size("cache.sqlite") > 6 << 20, "the queue's checkpoint did not copy the WAL")
        #expect(try cache.resultPages.totalBytes() == 400 * 20_000)
    }

    /// Issue 38, item 4: the queue checkpoints at most once per 1,000
    /// frames written, as SQLite itself would. When its flag was cleared as
    /// a checkpoint started, every put made while it copied (the WAL still
    /// past the size) queued another: 45 to 201 checkpoints for the
    /// about 18 that SQLite would run.
    @Test func theQueueCheckpointsOncePerThousandFramesAsSQLiteWould() throws {
        let (queue, cache) = try stuckCache(byteCapacity: 256 << 20)
        try put(cache, 0..<400)
        queue.resume()
        // About 12,000 more frames while the first checkpoint runs, and
        // after. SQLite's own checkpoints copy the WAL once per 1,000 frames
        // written, inside the commit; the queue's may not run more often.
        try put(cache, 400..<2_400)
        queue.sync {}
        let frames = cache.framesWritten
        print("cache checkpoints over 2,400 puts of 20 KB: \(cache.checkpointsRun) for \(frames) frames")
        #expect(frames > 10_000)
        #expect(cache.checkpointsRun <= frames / 1_000 + 1)
        #expect(try cache.resultPages.totalBytes() == 2_400 * 20_000)
    }

    @Test func aStuckQueueStillBoundsTheWAL() throws {
        let (queue, cache) = try stuckCache(byteCapacity: 256 << 20)
        // About 12,000 frames: past the 8,000 at which a commit checkpoints itself.
        try put(cache, 0..<2_000)
        #expect(size("cache.sqlite") > 16 << 20)
        // 8,000 frames of 4 KiB at most (unbounded, it would be about 48 MB).
        #expect(size("cache.sqlite-wal") < 36 << 20)
        queue.resume()
        queue.sync {}
        #expect(try cache.resultPages.totalBytes() == 2_000 * 20_000)
    }
}
