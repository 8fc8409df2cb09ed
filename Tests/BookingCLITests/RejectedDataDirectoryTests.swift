import Foundation
import TestSupport
import Testing

/// A data directory or file the program will not use is rejected input
/// (issue 23, item 8): exit 2, not 1, with words that say what is wrong
/// and what to do, never the platform's or SQLite's numbers ("SQLite error
/// 26 ... while executing `PRAGMA journal_mode = WAL`", "NSCocoaErrorDomain
/// error 512"). `<data-dir>/sandbox` follows the rules of the client's own
/// files, and a `booking.sqlite` another process keeps locked is said as that.
@Suite struct RejectedDataDirectoryTests {
    /// The raw texts that used to reach the user.
    static let raw = ["SQLite error", "while executing", "NSCocoaErrorDomain", "error 256", "error 512"]

    static func expectWords(_ run: Booking.Run, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 2, "exit \(run.status): \(run.error)", sourceLocation: sourceLocation)
        #expect(run.error.contains(words), "\(run.error)", sourceLocation: sourceLocation)
        for text in raw {
            #expect(!run.error.contains(text), "raw text \(text): \(run.error)", sourceLocation: sourceLocation)
        }
    }

    /// `booking search lis` on `directory` as the data directory.
    static func search(_ directory: String) async -> Booking.Run {
        await InProcess.bare(["--data-dir", directory, "search", "lis"])
    }

    @Test func aDataDirectoryThatIsALinkAFileOrUnderAFileIsRejected() async throws {
        let root = TemporaryDirectory("cli-rejected-dir")
        let real = root.file("real")
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.file("link"), withDestinationPath: real)
        try Data("a file\n".utf8).write(to: URL(fileURLWithPath: root.file("file")))

        Self.expectWords(await Self.search(root.file("link")), "is a symbolic link")
        Self.expectWords(await Self.search(root.file("file")), "is a regular file, not a directory: give a directory")
        Self.expectWords(
            await Self.search(root.file("file") + "/data"),
            "\(root.file("file")) is a regular file, not a directory; give a path whose parents are directories")
    }

    @Test func anEmptyOrDamagedBookingFileIsRejectedAndKept() async throws {
        let root = TemporaryDirectory("cli-rejected-file")
        for (name, bytes) in [
            ("empty", Data()), ("damaged", Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 * 7) })),
        ] {
            let directory = root.file(name)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let file = directory + "/booking.sqlite"
            try bytes.write(to: URL(fileURLWithPath: file))
            let words = name == "empty" ? "is empty (0 bytes)" : "is not a database this program can read"
            Self.expectWords(await Self.search(directory), words)
            Self.expectWords(await InProcess.bare(["--data-dir", directory, "trips"]), words)
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes, "\(name) changed")
        }
    }

    @Test func replayingADirectorySaysSoNotError256() async throws {
        let root = TemporaryDirectory("cli-replay-dir")
        let run = await InProcess.bare(["--data-dir", root.file("data"), "replay", root.path])
        Self.expectWords(run, "is a directory, not an event log")
    }

    /// A FIFO is refused at once (opening it would wait for a writer
    /// forever), and a file that fails to read says the system's reason,
    /// not "NSCocoaErrorDomain error 256".
    @Test func replayingAFIFOOrAnUnreadableFileSaysWhyAtOnce() async throws {
        let root = TemporaryDirectory("cli-replay-fifo")
        let fifo = root.file("log.jsonl")
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = await InProcess.bare(["--data-dir", root.file("data"), "replay", fifo])
        Self.expectWords(run, "is not a regular file (a FIFO or another special file)")
        let memory = await InProcess.bare(["--data-dir", root.file("data"), "replay", "/proc/self/mem"])
        Self.expectWords(memory, "cannot read /proc/self/mem: Input/output error")
        #expect(!memory.error.contains("256"), "\(memory.error)")
    }

    @Test func aSandboxDirectoryThatIsALinkIsRefusedAndItsTargetKeepsItsMode() async throws {
        let booking = InProcess(label: "cli-sandbox-link")
        let target = booking.directory.file("elsewhere")
        try FileManager.default.createDirectory(
            atPath: target, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.createDirectory(atPath: booking.dataDirectory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: booking.dataDirectory + "/sandbox", withDestinationPath: target)
        let run = try await booking.run(["search", "lis"])
        Self.expectWords(run, "is a symbolic link")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
        #expect(try Self.mode(target) == 0o755)
    }

    @Test func aLooseSandboxDirectoryIsTightenedTo0700() async throws {
        let booking = InProcess(label: "cli-sandbox-loose")
        let sandbox = booking.dataDirectory + "/sandbox"
        try FileManager.default.createDirectory(atPath: sandbox, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: sandbox)
        let run = try await booking.run(["search", "lis"])
        #expect(run.status == 0, "\(run.error)")
        #expect(try Self.mode(sandbox) == 0o700)
    }

    static func mode(_ path: String) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
    }

    /// Another process holds `BEGIN EXCLUSIVE` on `booking.sqlite` (the
    /// sqlite3 shell): `hold` says the data is locked by another run after
    /// one busy timeout (it said only "Could not hold the room", after 11 s).
    /// The time measured is the run's own (not its wait for a slot in
    /// `ChildSlots`); once it counted the wait and read 33 s under load.
    @Test(ExternalTool.needed("sqlite3"))
    func aHoldWhileAnotherProcessLocksTheBookingsSaysSo() async throws {
        let shell = try #require(ExternalTool.path("sqlite3"), "the sqlite3 shell is missing")
        let booking = InProcess(label: "cli-locked")
        let offer = try await booking.firstOfferID()
        let holder = try ChildProcess(shell, [booking.dataDirectory + "/booking.sqlite"], input: .pipe)
        // The shell waits out a lock held for an instant (the previous run's
        // connections closing) and stops if it cannot take it: with no
        // `.timeout` its `BEGIN EXCLUSIVE` failed at once ("database is
        // locked (5)" on stderr, 1 run in 4), the `SELECT` still printed
        // "locked", and the hold ran against a file nobody locked.
        holder.write(".timeout 20000\n.bail on\nBEGIN EXCLUSIVE;\nSELECT 'lock' || 'ed';\n")
        let locked = await Booking.blocking { holder.waitForOutput(containing: "locked") }
        try #require(locked, "the sqlite3 shell did not take the lock")
        let hold = try await booking.run(["hold", offer, "--no-wait"])
        let waited = hold.elapsed
        holder.write("ROLLBACK;\n")
        _ = await Booking.blocking { holder.finish() }
        #expect(hold.status == 1, "\(hold.output) \(hold.error)")
        #expect(hold.error.contains("locked by another `booking` run"), "\(hold.error)")
        #expect(!hold.output.contains("Could not hold the room"))
        // One busy timeout (5 s) and the run itself. A run that
        // waited for the lock to go would wait for ever (it goes only at the
        // ROLLBACK above, after the run); the bound leaves a loaded machine
        // room for a 30 s stall.
        #expect(waited < Poll.defaultTimeout, "waited \(waited)")
        // Once the lock is gone the same hold works.
        let again = try await booking.run(["hold", offer, "--no-wait"])
        #expect(again.status == 0, "\(again.output) \(again.error)")
    }
}
