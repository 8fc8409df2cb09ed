import BookingAPI
import Foundation
import TestSupport
import Testing

/// Runs the built `booking` binary as a child process, each test with its
/// own data directory; output is drained before waiting.
struct Booking {
    /// The binary, built by `swift build` / `swift test`.
    static let path: String? = BuiltProducts.executable("booking")

    /// What a finished run left.
    struct Run {
        var status: Int32
        var signalled: Bool
        var output: String
        var error: String
        /// The child's peak resident memory (Linux: from `wait4`), when known.
        var peakMemoryKilobytes: Int? = nil

        /// Stderr's non-empty lines.
        var errorLines: [String] { error.split(separator: "\n").map(String.init) }

        /// Stdout parsed as one JSON object.
        func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(output.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(output)")
        }
    }

    let directory: ScratchDirectory
    /// Global options every run gets (`--data-dir`, maybe `--server`).
    var global: [String]
    /// Extra environment.
    var environment: [String: String] = ["NO_COLOR": "1"]

    /// A client with a fresh data directory; `server` nil uses the embedded sandbox.
    init(server: String? = nil, label: String = "cli") {
        directory = ScratchDirectory(label)
        global = ["--data-dir", directory.file("data")] + (server.map { ["--server", $0] } ?? [])
    }

    var dataDirectory: String { directory.file("data") }

    /// Runs `booking <arguments>` with the global options and waits for it.
    func run(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> Run {
        let path = try #require(Self.path, "the booking executable is not built")
        return try await Self.execute(path, global + arguments, environment: environment.merging(extra) { $1 })
    }

    /// Starts `booking <arguments>` without waiting.
    func start(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> Spawned {
        let path = try #require(Self.path, "the booking executable is not built")
        return try await Self.spawn(path, global + arguments, environment: environment.merging(extra) { $1 })
    }

    /// Runs `booking` with exactly `arguments` (no global options).
    static func bare(_ arguments: [String], environment: [String: String] = ["NO_COLOR": "1"]) async throws -> Run {
        let path = try #require(Self.path, "the booking executable is not built")
        return try await execute(path, arguments, environment: environment)
    }

    /// Spawns and waits for a child, both on a thread of its own and at most
    /// three at once (`ChildSlots`).
    static func execute(_ executable: String, _ arguments: [String], environment: [String: String]) async throws
        -> Run
    {
        try await ChildSlots.run {
            let child = try await spawn(executable, arguments, environment: environment)
            return await finish(child)
        }
    }

    /// Spawns a child on a thread of its own: process creation never holds
    /// the (two-thread) concurrency pool, where other suites' servers answer.
    static func spawn(_ executable: String, _ arguments: [String], environment: [String: String]) async throws
        -> Spawned
    {
        try await blocking { Result { try Spawned(executable, arguments, environment: environment) } }.get()
    }

    /// Waits for the child on a thread of its own, so waiting children never
    /// hold the (two-thread) concurrency pool and tests run side by side.
    static func finish(_ child: Spawned) async -> Run {
        await blocking { child.finish() }
    }

    /// Waits until the child's stdout contains `text`, off the concurrency pool.
    static func waitForOutput(_ child: Spawned, containing text: String, timeout: TimeInterval = 30) async -> Bool {
        await blocking { child.waitForOutput(containing: text, timeout: timeout) }
    }

    /// Runs blocking `work` on a new thread and returns its result.
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }

    /// Runs a shell command line (pipes, `script`) with the binary's path in `$BOOKING`.
    static func shell(_ line: String, environment: [String: String] = [:]) async throws -> Run {
        let path = try #require(Self.path, "the booking executable is not built")
        return try await execute(
            "/bin/bash", ["-c", line],
            environment: ["BOOKING": path, "NO_COLOR": "1"].merging(environment) { $1 })
    }

    /// `YYYY-MM-DD`, `days` from today (UTC).
    static func date(_ days: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(Double(days) * 86_400))
    }

    /// `offers` for Lisbon, two guests, two nights `days` from today, as JSON.
    func offers(days: Int = 20) async throws -> [[String: Any]] {
        let run = try await run([
            "offers", "--json", "--place", "plc_lisbon", "--check-in", Self.date(days),
            "--check-out", Self.date(days + 2), "--guests", "2",
        ])
        try #require(run.status == 0, "offers failed: \(run.error)")
        return try #require(try run.json()["offers"] as? [[String: Any]])
    }

    /// Holds the first offer and returns the path of that run's event log.
    func holdLog() async throws -> String {
        try await holdAnOffer()
        let logs = dataDirectory + "/logs"
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: logs).first { $0.contains("-hold-") })
        return logs + "/" + name
    }

    /// Holds the first offer, pays for it (`pay --json`, which must succeed)
    /// and returns the booking's id.
    func holdAndPay() async throws -> String {
        try await holdAnOffer()
        let pay = try await run(["pay", "--json"])
        try #require(pay.status == 0, "\(pay.error)")
        return try #require((try pay.json()["state"] as? [String: Any])?["bookingId"] as? String)
    }

    /// The first offer's id (`offers`, as above).
    func firstOfferID() async throws -> String {
        try #require(try await offers().first?["offerId"] as? String)
    }

    /// Holds the first offer with `booking hold` in a pseudo-terminal
    /// (`script`, NO_COLOR set), watching its countdown; returns the run
    /// once the countdown shows.
    func holdWatchingTheCountdown() async throws -> Spawned {
        let path = try #require(Self.path)
        let command = (["\"$BOOKING\""] + global + ["hold", try await firstOfferID()]).joined(separator: " ")
        let watching = try await Self.spawn(
            "/bin/bash", ["-c", "script -qfec '\(command)' /dev/null"], environment: ["BOOKING": path, "NO_COLOR": "1"])
        #expect(await Self.waitForOutput(watching, containing: "left to pay"))
        return watching
    }

    /// Lists offers and holds the `index`-th without waiting; returns its id.
    @discardableResult
    func holdAnOffer(index: Int = 0, days: Int = 20) async throws -> String {
        let offers = try await offers(days: days)
        let id = try #require(offers[index]["offerId"] as? String)
        let hold = try await run(["hold", id, "--no-wait"])
        try #require(hold.status == 0, "hold failed: \(hold.output) \(hold.error)")
        return id
    }
}

/// `booking sandbox --port 0` as a child process, for tests that need the
/// server to outlive (or die before) the client.
final class SandboxProcess: @unchecked Sendable {
    let child: Spawned
    let url: String
    let directory = ScratchDirectory("cli-sandbox")

    init(_ options: [String] = []) async throws {
        let path = try #require(Booking.path, "the booking executable is not built")
        child = try await Booking.spawn(
            path, ["sandbox", "--port", "0", "--data-dir", directory.path] + options,
            environment: [:])
        let child = self.child
        try #require(await Booking.waitForOutput(child, containing: "listening on "), "the sandbox did not start")
        let line = try #require(child.outputSoFar.split(separator: "\n").first { $0.hasPrefix("listening on ") })
        url = String(line.dropFirst("listening on ".count))
    }

    /// The sandbox's ledger for the demo account.
    func ledger() async throws -> LedgerReport {
        let client = BookingAPIClient(
            server: try ServerAddress(url), apiKey: "sk_test_demo",
            transport: URLSessionTransport())
        return try await client.sandboxLedger()
    }

    private var stopped = false

    /// Stops it with SIGTERM and waits.
    @discardableResult
    func stop() async -> Booking.Run {
        stopped = true
        child.send(SIGTERM)
        return await Booking.finish(child)
    }

    deinit {
        guard !stopped else { return }
        let child = self.child
        child.send(SIGKILL)
        // Reaped off the concurrency pool.
        Thread.detachNewThread { _ = child.finish() }
    }
}
