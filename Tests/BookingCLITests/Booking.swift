import BookingAPI
import Foundation
import TestSupport
import Testing

/// Runs the built `booking` binary as a child process, each test with its
/// own data directory; output is drained before waiting. For what needs a
/// real process (signals, SIGKILL, a pseudo-terminal, the lean viewer,
/// real shells, two processes on one data directory); everything else runs
/// in this process (`InProcess`).
struct Booking: BookingRunner {
    /// The binary, built by `swift build` / `swift test`.
    static let path: String? = BuiltProducts.executable("booking")

    /// Runs `booking <arguments>` as a child process that the crash hook
    /// kills by SIGKILL at `boundary` (`BOOKINGKIT_KILL_AT`); the test
    /// stops when it was not killed there.
    @discardableResult
    func runKilled(_ arguments: [String], at boundary: String) async throws -> Run {
        let run = try await run(arguments, environment: ["BOOKINGKIT_KILL_AT": boundary])
        try #require(
            run.signalled && run.status == SIGKILL,
            "\(arguments.joined(separator: " ")) was not killed at \(boundary): \(run.status) \(run.output) \(run.error)"
        )
        return run
    }

    /// What a finished run left (a child process, or `InProcess`).
    struct Run {
        var status: Int32
        var signalled: Bool
        var output: String
        var error: String
        /// How long the run itself took, from its start to its exit, not
        /// counting the wait for a slot (`ChildSlots`).
        var elapsed: Duration = .zero

        /// Stderr's non-empty lines.
        var errorLines: [String] { error.split(separator: "\n").map(String.init) }

        /// Stdout parsed as one JSON object.
        func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(output.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(output)")
        }

        /// A `booking reconcile --json` run's `cancels` section: the
        /// cancellations and changes of dates it settled. The run must have
        /// succeeded.
        func settledChanges() throws -> [String: Any] {
            #expect(status == 0, "\(output) \(error)")
            return try #require(try json()["cancels"] as? [String: Any], "\(output)")
        }
    }

    let directory: TemporaryDirectory
    /// Global options every run gets (`--data-dir`, maybe `--server`).
    var global: [String]
    /// Extra environment.
    var environment: [String: String] = ["NO_COLOR": "1"]

    /// A client with a fresh data directory; `server` nil uses the embedded sandbox.
    init(server: String? = nil, label: String = "cli") {
        directory = TemporaryDirectory(label)
        global = ["--data-dir", directory.file("data")] + (server.map { ["--server", $0] } ?? [])
    }

    /// Runs `booking <arguments>` with the global options and waits for it.
    func run(_ arguments: [String], environment extra: [String: String]) async throws -> Run {
        let path = try #require(Self.path, "the booking executable is not built")
        return try await Self.execute(
            path, global + SampleGuest.added(to: arguments), environment: environment.merging(extra) { $1 })
    }

    /// Starts `booking <arguments>` without waiting.
    func start(_ arguments: [String], environment extra: [String: String] = [:]) async throws -> ChildProcess {
        let path = try #require(Self.path, "the booking executable is not built")
        return try await Self.spawn(
            path, global + SampleGuest.added(to: arguments), environment: environment.merging(extra) { $1 })
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
            let start = ContinuousClock.now
            let child = try await spawn(executable, arguments, environment: environment)
            var run = await finish(child)
            run.elapsed = ContinuousClock.now - start
            return run
        }
    }

    /// Spawns a child on a thread of its own: process creation never holds
    /// the (two-thread) concurrency pool, where other suites' servers answer.
    static func spawn(_ executable: String, _ arguments: [String], environment: [String: String]) async throws
        -> ChildProcess
    {
        try await blocking {
            Result { try ChildProcess(executable, arguments, environment: environment, input: .nullDevice) }
        }.get()
    }

    /// Waits for the child on a thread of its own, so waiting children never
    /// hold the (two-thread) concurrency pool and tests run side by side.
    static func finish(_ child: ChildProcess) async -> Run {
        let result = await blocking { child.finish() }
        return Run(
            status: result.status, signalled: result.uncaughtSignal, output: result.standardOutput,
            error: result.standardError)
    }

    /// Waits until the child's stdout contains `text`, off the concurrency pool.
    static func waitForOutput(
        _ child: ChildProcess, containing text: String, timeout: Duration = Poll.defaultTimeout
    ) async -> Bool {
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

    /// `YYYY-MM-DD` (or `format`), `days` from today (UTC).
    static func date(_ days: Int, format: String = "yyyy-MM-dd") -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter.string(from: Date().addingTimeInterval(Double(days) * 86_400))
    }

    /// Holds the first offer with `booking hold` in a pseudo-terminal
    /// (`script`, NO_COLOR set), watching its countdown; returns the run
    /// once the countdown shows.
    func holdWatchingTheCountdown() async throws -> ChildProcess {
        let path = try #require(Self.path)
        let command = (["\"$BOOKING\""] + global + ["hold", try await firstOfferID()]).joined(separator: " ")
        let watching = try await Self.spawn(
            "/bin/bash", ["-c", "script -qfec '\(command)' /dev/null"], environment: ["BOOKING": path, "NO_COLOR": "1"])
        #expect(await Self.waitForOutput(watching, containing: "left to pay"))
        return watching
    }
}

/// `booking sandbox --port 0` as a child process, for tests that need the
/// server to outlive (or die before) the client.
final class SandboxProcess: @unchecked Sendable {
    let child: ChildProcess
    let url: String
    let directory = TemporaryDirectory("cli-sandbox")

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

    /// A crash campaign's rounds: 1, or the number the environment's
    /// `variable` asks for (the figures in RELIABILITY.md).
    static func rounds(asking variable: String) -> Int {
        ProcessInfo.processInfo.environment[variable].flatMap(Int.init) ?? 1
    }

    /// Runs `body` `rounds` times against one new sandbox process (each
    /// round on a booking `20 + round % 60` days ahead, so rounds never
    /// compete for a room), then stops it: a crash campaign's loop.
    static func rounds(_ rounds: Int, _ body: (SandboxProcess, Int) async throws -> Void) async throws {
        let sandbox = try await SandboxProcess()
        for round in 0..<rounds { try await body(sandbox, 20 + round % 60) }
        await sandbox.stop()
    }

    /// `rounds` as above, each round with a booking confirmed by the CLI
    /// in a new data directory labelled `label`: `body` gets the sandbox,
    /// the directory, its in-process runner and the booking's id.
    static func confirmedRounds(
        _ rounds: Int, label: String, _ body: (SandboxProcess, Booking, InProcess, String) async throws -> Void
    ) async throws {
        try await self.rounds(rounds) { sandbox, days in
            let booking = Booking(server: sandbox.url, label: label)
            let cli = InProcess(sharing: booking)
            try await body(sandbox, booking, cli, try await cli.holdAndPay(days: days))
        }
    }

    /// The sandbox's ledger for the demo account.
    func ledger() async throws -> LedgerReport {
        let client = BookingAPIClient(
            server: try ServerAddress(url), apiKey: "sk_test_demo",
            transport: URLSessionTransport())
        return try await client.sandboxLedger()
    }

    /// The demo account's ledger entries of booking `id` whose kind `kind` accepts.
    func ledger(of id: String, _ kind: (String) -> Bool) async throws -> [LedgerReport.Entry] {
        try await ledger().entries.filter { kind($0.kind) && $0.bookingId == id }
    }

    /// Whether a payment (`POST /v1/bookings`) is on the server now: its key
    /// claimed and still running, as the dashboard's idempotency section
    /// lists it (the dashboard is never delayed by faults).
    func hasAPaymentRunning() async -> Bool {
        guard let address = URL(string: url + "/sandbox/idempotency.json"),
            let (body, _) = try? await URLSession.shared.data(from: address),
            let rows = try? JSONSerialization.jsonObject(with: body) as? [[String: Any]]
        else { return false }
        return rows.contains { $0["endpoint"] as? String == "POST /v1/bookings" && $0["state"] as? String == "running" }
    }

    private var stopped = false
    /// The port, kept bound once the sandbox stopped (see `ClosedPort`).
    private var closedPort: ClosedPort?

    /// Stops it with SIGTERM and waits; its port then refuses connections
    /// and is given to no other test's server while this object lives.
    @discardableResult
    func stop() async -> Booking.Run {
        stopped = true
        child.kill(SIGTERM)
        let run = await Booking.finish(child)
        closedPort = URL(string: url)?.port.flatMap(ClosedPort.init)
        return run
    }

    deinit {
        guard !stopped else { return }
        let child = self.child
        child.kill(SIGKILL)
        // Reaped off the concurrency pool.
        Thread.detachNewThread { _ = child.finish() }
    }
}
