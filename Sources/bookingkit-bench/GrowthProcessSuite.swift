import BookingCore
import BookingSQLite
import Foundation

/// Cost that stays flat as the device's data grows, seen as the device sees
/// it: each command a process of its own, as a user or an app launch runs
/// it (`booking-cli` and the lean `booking`, built in release beside this
/// bench), on a data directory holding 100,000 trips, 1,000 settled
/// attempts and a full result-page cache, against the same commands on an
/// empty one, turn about, on one sandbox over loopback.
///
/// With the server up, the lean `booking trip` prints the device's copy,
/// then hands the command to `booking-cli` for the refresh, so its figures
/// are the two processes'.
///
/// Per command: the wall time (median), the peak resident memory (the
/// largest of the rounds, from GNU `time` when it is installed), and,
/// when `strace` is installed, the syncs (`fsync` + `fdatasync`) of five
/// more bookings, each from an empty WAL, their median: those of
/// `booking.sqlite` (the durable commits, held to the same count), and, in
/// the log, those of `cache.sqlite` (its checkpoints run on a queue of
/// their own, so they land in one process or the next) and of the data
/// directory (SQLite syncs it when it creates a WAL file, which each new
/// process does: the last connection to close deletes it). The baseline is
/// the empty directory.
struct GrowthProcessSuite: BenchmarkSuite {
    let name = "growth-processes"
    let summary =
        "each command its own process (offers, hold, pay, status, reconcile, trip) on a grown vs empty directory"

    /// The commands of one round, in order, by the name the report gives them.
    static let steps = ["offers", "hold", "pay", "status", "reconcile", "trip (booking-cli)", "trip (booking)"]

    func run(_ context: SuiteContext) throws -> [Figure] {
        let quick = context.scale == .quick
        let rounds = quick ? 1 : 10
        let trips = quick ? 1_000 : 100_000
        let attempts = quick ? 50 : 1_000
        let tools = try Tools.besideThisBench()
        if tools.time == nil {
            context.log("  peak memory: GNU time is not installed, not measured (apt-get install time)")
        }
        let fixture = try GrowthFixture(context, name: "growth-processes", trips: trips, attempts: attempts)
        defer { fixture.shutdown() }
        let (root, port, grown, empty, cached) = (
            fixture.root, fixture.port, fixture.grown, fixture.empty, fixture.cachedBytes
        )

        var runs: [Bool: [String: [Step]]] = [:]
        for round in 0...rounds {
            for isGrown in round % 2 == 0 ? [true, false] : [false, true] {
                let side = Side(tools: tools, port: port, directory: isGrown ? grown : empty, isGrown: isGrown)
                try side.book(day: 2 * round + (isGrown ? 0 : 1), scratch: root) { step, run in
                    guard round > 0 else { return }  // the first round is the warm-up
                    runs[isGrown, default: [:]][step, default: []].append(run)
                }
            }
        }
        // Several counted bookings per side, each from an empty WAL: where
        // SQLite's automatic checkpoint falls, and which process's close
        // finishes a checkpoint another began, is otherwise chance; it
        // moved a sync or two to either side of one booking.
        let counted = quick ? 1 : 5
        var syncs: [Bool: [[String: SyncCount]]] = [:]
        if let strace = Tools.strace() {
            for booking in 0..<counted {
                for isGrown in [true, false] {
                    let directory = isGrown ? grown : empty
                    try Self.checkpoint(directory)
                    let side = Side(tools: tools, port: port, directory: directory, isGrown: isGrown)
                    let day = 2 * rounds + 2 + 2 * booking + (isGrown ? 0 : 1)
                    syncs[isGrown, default: []].append(try side.syncs(day: day, scratch: root, strace: strace))
                }
            }
            for step in Self.steps {
                context.log(
                    "  syncs of \(step), first counted booking: grown \(syncs[true]?.first?[step]?.description ?? "-"), "
                        + "empty \(syncs[false]?.first?[step]?.description ?? "-")")
            }
        } else {
            context.log("  syncs: strace is not installed, not counted (apt-get install strace)")
        }
        let detail =
            "each command a new process; \(rounds) rounds turn about after a warm-up; grown: \(trips) trips, "
            + "\(attempts) settled attempts, \(cached / 1_024) KiB of cached result pages; the same sandbox over loopback"
        let perStep = Self.steps.flatMap { step -> [Figure] in
            let grownRuns = runs[true]?[step] ?? []
            let emptyRuns = runs[false]?[step] ?? []
            var figures = [
                Figure(
                    name: "Growth, processes: \(step), wall", kind: .latency,
                    store: Samples(grownRuns.map(\.run.wallNanoseconds)).median,
                    baseline: Samples(emptyRuns.map(\.run.wallNanoseconds)).median, goal: Goal(maxRatio: 1.2),
                    detail: detail, sides: ("grown", "empty"))
            ]
            if let grownPeak = grownRuns.compactMap(\.peakKiB).max(),
                let emptyPeak = emptyRuns.compactMap(\.peakKiB).max()
            {
                figures.append(
                    Figure(
                        name: "Growth, processes: \(step), peak memory", kind: .peakMemory, store: grownPeak,
                        baseline: emptyPeak, goal: Goal(maxRatio: 1.2), detail: detail, sides: ("grown", "empty")))
            }
            return figures
        }
        guard let grownSyncs = syncs[true], let emptySyncs = syncs[false] else { return perStep }
        // Summed over each booking (which process syncs a checkpoint left by
        // the one before it moves from step to step), the median booking.
        func total(_ bookings: [[String: SyncCount]], _ part: KeyPath<SyncCount, Int>) -> Int64 {
            Samples(bookings.map { counts in Int64(counts.values.reduce(0) { $0 + $1[keyPath: part] }) }).median
        }
        let syncDetail = detail + "; syncs: the median of \(counted) bookings per side, each from an empty WAL"
        func count(_ name: String, _ part: KeyPath<SyncCount, Int>, goal: Goal?) -> Figure {
            Figure(
                name: name, kind: .count(unit: "syncs"), store: total(grownSyncs, part),
                baseline: total(emptySyncs, part), goal: goal, detail: syncDetail, sides: ("grown", "empty"))
        }
        return perStep + [
            count(
                "Growth, processes: syncs of booking.sqlite, one booking (offers to trip)", \.store,
                goal: Goal(maxRatio: 1.0)),
            count("Growth, processes: every sync, one booking (offers to trip)", \.all, goal: nil),
        ]
    }

    /// Writes every page of `directory`'s databases into their files and
    /// empties their WALs.
    private static func checkpoint(_ directory: String) throws {
        for name in ["booking.sqlite", "cache.sqlite"] {
            let database = try Database(path: directory + "/" + name)
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    /// One command's run and its peak resident memory (KiB, when GNU
    /// `time` measured it).
    struct Step {
        let run: SpawnedCommand.Run
        let peakKiB: Int64?
    }

    /// The two programs, from this bench's own build directory, and GNU
    /// `time` when it is installed.
    struct Tools {
        let cli: String
        let viewer: String
        var time: String? = ["/usr/bin/time"].first { FileManager.default.isExecutableFile(atPath: $0) }

        static func besideThisBench() throws -> Tools {
            let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
            let tools = Tools(cli: directory + "/booking-cli", viewer: directory + "/booking")
            for path in [tools.cli, tools.viewer] where !FileManager.default.isExecutableFile(atPath: path) {
                throw BenchError(
                    description: "\(path) is not built: run `swift build -c release` (every product) first")
            }
            return tools
        }

        /// `strace`'s path, when it is installed.
        static func strace() -> String? {
            ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }
        }
    }

    /// One data directory and its account, and the commands run on it.
    struct Side {
        let tools: Tools
        let port: UInt16
        let directory: String
        let isGrown: Bool

        private var global: [String] {
            [
                "--server", "http://127.0.0.1:\(port)", "--api-key",
                isGrown ? "sk_test_growngrown" : "sk_test_emptyempty",
                "--data-dir", directory,
            ]
        }

        /// One booking from the offers to the trip read, each command a
        /// process (after `prefix`: strace); `observe` sees each step's run.
        /// Throws when a command fails.
        func book(
            day: Int, scratch: String, prefix: [String] = [],
            observe: (String, Step) throws -> Void
        ) throws {
            let today = Int(Date().timeIntervalSince1970 / 86_400)
            guard let checkIn = CalendarDate(daysSince1970: today + 10 + day),
                let checkOut = CalendarDate(daysSince1970: today + 12 + day)
            else { throw BenchError(description: "no calendar date \(day)") }
            func step(_ name: String, _ program: String, _ arguments: [String]) throws -> SpawnedCommand.Run {
                let output = scratch + "/out-\(isGrown ? "grown" : "empty").txt"
                let peakFile = scratch + "/peak-\(isGrown ? "grown" : "empty").txt"
                // GNU time forks the command from its own small process, so the
                // peak is the command's (see `SpawnedCommand`).
                let measuring = prefix.isEmpty ? tools.time.map { [$0, "-f", "%M", "-o", peakFile] } ?? [] : prefix
                let run = try SpawnedCommand(arguments: measuring + [program] + global + arguments).run(
                    outputPath: output)
                guard run.status == 0 else {
                    throw BenchError(
                        description: "\(name), \(isGrown ? "grown" : "empty") side, exited \(run.status): \(run.output)"
                    )
                }
                let peak = measuring.first == tools.time ? Self.lastNumber(inFile: peakFile) : nil
                try observe(name, Step(run: run, peakKiB: peak))
                return run
            }
            let offers = try step(
                "offers", tools.cli,
                [
                    "--json", "offers", "--place", "plc_lisbon", "--check-in", "\(checkIn)", "--check-out",
                    "\(checkOut)", "--guests", "2",
                ])
            guard let offer = Self.value(["offers", 0, "offerId"], in: offers.output) else {
                throw BenchError(description: "no offer for \(checkIn): \(offers.output.prefix(300))")
            }
            _ = try step("hold", tools.cli, ["hold", offer, "--no-wait"])
            let paid = try step(
                "pay", tools.cli,
                [
                    "--json", "pay", "--card", "tok_visa", "--guest-name", "Ana Silva", "--guest-email",
                    "ana@example.com",
                ])
            guard let booking = Self.value(["state", "bookingId"], in: paid.output) else {
                throw BenchError(description: "the payment named no booking: \(paid.output.prefix(300))")
            }
            _ = try step("status", tools.cli, ["status"])
            _ = try step("reconcile", tools.cli, ["reconcile"])
            _ = try step("trip (booking-cli)", tools.cli, ["trip", booking])
            _ = try step("trip (booking)", tools.viewer, ["trip", booking])
        }

        /// The syncs (`fsync` + `fdatasync`) of each step of one booking, by
        /// the file synced, from `strace -f -y`.
        func syncs(day: Int, scratch: String, strace: String) throws -> [String: SyncCount] {
            let trace = scratch + "/strace-\(isGrown ? "grown" : "empty").txt"
            var counts: [String: SyncCount] = [:]
            try book(
                day: day, scratch: scratch, prefix: [strace, "-f", "-y", "-e", "trace=fsync,fdatasync", "-o", trace]
            ) { name, _ in
                counts[name] = SyncCount(straceLines: (try? String(contentsOfFile: trace, encoding: .utf8)) ?? "")
            }
            return counts
        }

        /// The last line of a file as a number (GNU time's `%M`).
        static func lastNumber(inFile path: String) -> Int64? {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").last.flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        }

        /// The text at `path` (keys and array indexes) in a JSON document.
        static func value(_ path: [any Sendable], in json: String) -> String? {
            var object = try? JSONSerialization.jsonObject(with: Data(json.utf8))
            for component in path {
                if let key = component as? String {
                    object = (object as? [String: Any])?[key]
                } else if let index = component as? Int, let array = object as? [Any], array.indices.contains(index) {
                    object = array[index]
                } else {
                    return nil
                }
            }
            return object as? String
        }
    }
}
