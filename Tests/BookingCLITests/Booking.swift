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

        /// Stderr's non-empty lines.
        var errorLines: [String] { error.split(separator: "\n").map(String.init) }

        /// Stdout parsed as one JSON object.
        func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(output.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(output)")
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

    var dataDirectory: String { directory.file("data") }

    /// Runs `booking <arguments>` with the global options and waits for it.
    func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Run {
        let child = try start(arguments, environment: extra)
        return Self.finish(child)
    }

    /// Starts `booking <arguments>` without waiting.
    func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ChildProcess {
        let path = try #require(Self.path, "the booking executable is not built")
        return try ChildProcess(path, global + arguments, environment: environment.merging(extra) { $1 })
    }

    /// Runs `booking` with exactly `arguments` (no global options).
    static func bare(_ arguments: [String], environment: [String: String] = ["NO_COLOR": "1"]) throws -> Run {
        let path = try #require(Self.path, "the booking executable is not built")
        return finish(try ChildProcess(path, arguments, environment: environment))
    }

    static func finish(_ child: ChildProcess) -> Run {
        let result = child.finish()
        return Run(status: result.status, signalled: result.uncaughtSignal, output: result.standardOutput,
                   error: result.standardError)
    }

    /// Runs a shell command line (pipes, `script`) with the binary's path in `$BOOKING`.
    static func shell(_ line: String, environment: [String: String] = [:]) throws -> Run {
        let path = try #require(Self.path, "the booking executable is not built")
        let child = try ChildProcess("/bin/bash", ["-c", line],
                                     environment: ["BOOKING": path, "NO_COLOR": "1"].merging(environment) { $1 })
        return finish(child)
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
    func offers(days: Int = 20) throws -> [[String: Any]] {
        let run = try run(["offers", "--json", "--place", "plc_lisbon", "--check-in", Self.date(days),
                           "--check-out", Self.date(days + 2), "--guests", "2"])
        try #require(run.status == 0, "offers failed: \(run.error)")
        return try #require(try run.json()["offers"] as? [[String: Any]])
    }

    /// Lists offers and holds the `index`-th without waiting; returns its id.
    @discardableResult
    func holdAnOffer(index: Int = 0, days: Int = 20) throws -> String {
        let offers = try offers(days: days)
        let id = try #require(offers[index]["offerId"] as? String)
        let hold = try run(["hold", id, "--no-wait"])
        try #require(hold.status == 0, "hold failed: \(hold.output) \(hold.error)")
        return id
    }
}

/// `booking sandbox --port 0` as a child process, for tests that need the
/// server to outlive (or die before) the client.
final class SandboxProcess: @unchecked Sendable {
    let child: ChildProcess
    let url: String
    let directory = TemporaryDirectory("cli-sandbox")

    init(_ options: [String] = []) throws {
        let path = try #require(Booking.path, "the booking executable is not built")
        child = try ChildProcess(path, ["sandbox", "--port", "0", "--data-dir", directory.path] + options)
        try #require(child.waitForOutput(containing: "listening on ", timeout: 30), "the sandbox did not start")
        let line = try #require(child.outputSoFar.split(separator: "\n").first { $0.hasPrefix("listening on ") })
        url = String(line.dropFirst("listening on ".count))
    }

    /// The sandbox's ledger for the demo account.
    func ledger() async throws -> LedgerReport {
        let client = BookingAPIClient(server: try ServerAddress(url), apiKey: "sk_test_demo",
                                      transport: URLSessionTransport())
        return try await client.sandboxLedger()
    }

    private var stopped = false

    /// Stops it with SIGTERM and waits.
    @discardableResult
    func stop() -> ChildProcess.Result {
        stopped = true
        child.kill(SIGTERM)
        return child.finish()
    }

    deinit {
        if !stopped {
            child.kill(SIGKILL)
            _ = child.finish()
        }
    }
}
