import BookingCLI
import Foundation
import TestSupport

/// Runs `booking` in this process: `BookingTool.run` with a recording
/// console, the words a user types, this process's environment with the
/// test's over it. Each test has its own data directory; with no `server`
/// the command starts its embedded sandbox (real HTTP on 127.0.0.1), as the
/// binary does. What needs a real process stays with `Booking`.
struct InProcess: BookingRunner {
    /// The data directory, global options and environment, as the spawned
    /// runner would have them.
    private var options: Booking

    /// A client with a fresh data directory; `server` nil uses the embedded sandbox.
    init(server: String? = nil, label: String = "cli") {
        options = Booking(server: server, label: label)
    }

    /// Runs in this process on `booking`'s data directory, with its global
    /// options and environment: the setup and the next launch of a test
    /// whose subject needs a real process (a kill, a pipe, a terminal).
    init(sharing booking: Booking) {
        options = booking
    }

    var directory: TemporaryDirectory { options.directory }

    /// Global options every run gets (`--data-dir`, maybe `--server`).
    var global: [String] {
        get { options.global }
        set { options.global = newValue }
    }

    /// Extra environment.
    var environment: [String: String] {
        get { options.environment }
        set { options.environment = newValue }
    }

    /// Runs `booking <arguments>` with the global options and waits for it.
    func run(_ arguments: [String], environment extra: [String: String]) async throws -> Booking.Run {
        await Self.bare(global + SampleGuest.added(to: arguments), environment: environment.merging(extra) { $1 })
    }

    /// Runs `booking` with exactly `arguments` (no global options); stdout's
    /// reader leaves after `readerLeavesAfter` bytes when given.
    static func bare(
        _ arguments: [String], environment: [String: String] = ["NO_COLOR": "1"], readerLeavesAfter: Int? = nil
    ) async -> Booking.Run {
        let recording = RecordingConsole(readerLeavesAfter: readerLeavesAfter)
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // As many at once as children: the suites beside this one keep their CPU.
        let (code, elapsed) = await ChildSlots.run {
            let start = ContinuousClock.now
            let console = Console(environment: merged, sink: recording.sink)
            // A command's blocking work (SQLite, file sync) takes a thread
            // of its own, as it did in a child process (`OwnQueue`).
            let code = await onOwnQueue {
                await BookingTool.run(arguments: arguments, environment: merged, console: console)
            }
            return (code, ContinuousClock.now - start)
        }
        return Booking.Run(
            status: code.rawValue, signalled: false, output: recording.output, error: recording.error, elapsed: elapsed)
    }
}
