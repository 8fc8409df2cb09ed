import BookingStore
import CBookingSQLiteBaseline

/// `--fsync-probe`: the durable-write suite's work on one side, untimed, for
/// `scripts/count-fsyncs.sh` to run under strace. Opens a fresh
/// booking.sqlite, makes `commits` attempt inserts, closes it. Running it
/// with 0 commits counts the setup (open, schema, close), which the script
/// subtracts.
enum FsyncProbe {
    static func run(side: Options.Side, commits: Int, scratch: ScratchDirectory) throws {
        let records = (0..<commits).map(AttemptFixture.record)
        switch side {
        case .store:
            let store = try BookingDatabase(directory: try scratch.makeDirectory("store"))
            for record in records { try store.attempts.insert(record) }
            guard try store.attempts.count() == commits else {
                throw BenchError(description: "the store saved \(try store.attempts.count()) attempts, not \(commits)")
            }
        case .c:
            let rows = CRows(count: max(commits, 1)) { index, strings in
                AttemptFixture.cRow(AttemptFixture.record(index), strings)
            }
            let baseline = try BaselineSchema.openBooking(in: try scratch.makeDirectory("c"))
            for index in 0..<commits { try baseline.insertAttempt(rows[index]) }
        }
        print("\(side.rawValue): \(commits) durable attempt writes")
    }
}
