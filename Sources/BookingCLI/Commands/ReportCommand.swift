import BookingCommandLine
import BookingCore
import BookingKit
import Foundation

/// `booking report [--attempt ID] [--output FILE]`: a bug report of one
/// attempt (the latest by default) that QA can replay: its saved row and
/// the event logs of every run that named it, with the program, schema and
/// platform (`BugReport`). Redacted before anything is written: no payment
/// token, card-like number, voucher code or the API key in use. Written
/// `0600` to a new file (never over one, never through a link), by default
/// `<data-dir>/reports/`; `--output -` prints it. Reads only: nothing is
/// sent, and the database is opened read-only.
struct ReportCommand: BookingCommand {
    static let attempt: TypedOption<String?> = .optional(
        "--attempt", .identifier, value: "ID", help: "the attempt to report (default: the latest)")
    static let output: TypedOption<String?> = .optional(
        "--output", .file, value: "FILE",
        help: "a new file to write the report to, or - for standard output (default: <data-dir>/reports/)")

    static let spec = CommandSpec(
        name: "report", summary: "write a redacted bug report of one attempt that replays (booking replay FILE)",
        options: [attempt.spec, output.spec])

    /// The attempt asked for.
    let attempt: String?
    /// Where to write.
    let output: String?

    init(_ input: CommandInput) throws(UsageError) {
        attempt = try input(Self.attempt)
        output = try input(Self.output)
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let settings = invocation.settings
        let space = try settings.spaceDirectory()
        let report: BugReport
        let skipped: [String]
        do {
            (report, skipped) = try BookingDiagnostics.bugReport(
                space: space, attempt: attempt.map { AttemptID($0) }, logDirectory: EventLogFiles.directory(in: space),
                program: "booking \(BookingTool.version)", secrets: [settings.apiKey])
        } catch {
            switch error {
            case .refused(let reason):
                throw CommandFailure.rejected("cannot write a bug report: \(reason)")
            case .unreadableBookings(let reason):
                throw CommandFailure.rejected(
                    "cannot write a bug report: \(space) has no readable bookings (\(reason))")
            }
        }
        let data: Data
        do {
            data = try report.encoded(removing: [settings.apiKey])
        } catch {
            throw CommandFailure.rejected("cannot write a bug report: \(error)")
        }
        let replay = report.replay()
        if output == "-" {
            invocation.console.write(String(decoding: data, as: UTF8.self) + "\n")
            return .done
        }
        let path = try write(data, attempt: report.attempt["attemptId"] ?? "attempt", settings: settings)
        let steps = report.runs.reduce(0) { $0 + $1.entries.count }
        if invocation.json {
            invocation.emit([
                "path": .string(path), "attemptId": .string(report.attempt["attemptId"] ?? ""),
                "runs": .number(report.runs.count), "steps": .number(steps),
                "replays": .bool(replay.departure == nil), "skippedLogs": .array(skipped.map { .string($0) }),
            ])
        } else {
            let verdict =
                replay.departure.map { "it departs from its log at \($0.log) step \($0.sequence)" }
                ?? "it replays to the same states"
            invocation.console.line(
                "Wrote the bug report of attempt \(report.attempt["attemptId"] ?? "?") to \(path).".terminalSafe)
            invocation.console.line(
                "\(report.runs.count) run(s), \(steps) step(s); \(verdict) (booking replay \(path)).".terminalSafe)
            invocation.console.line("It holds no payment token, card number, voucher code or API key.")
            for log in skipped { invocation.console.line("Left out an unreadable log: \(log)".terminalSafe) }
        }
        return .done
    }

    /// Writes the bundle to `--output` or a new file in `<data-dir>/reports/`.
    private func write(_ data: Data, attempt: String, settings: Settings) throws -> String {
        let path: String
        if let output {
            path = output
        } else {
            let directory = (try settings.spaceDirectory() as NSString).appendingPathComponent("reports")
            do {
                try BookingDiagnostics.makeOwnerOnlyDirectory(atPath: directory)
            } catch {
                throw CommandFailure.rejected("cannot write a bug report in \(directory): \(error)")
            }
            let stamp = Int64(Date().timeIntervalSince1970 * 1_000)
            let safe = String(attempt.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
            path = (directory as NSString).appendingPathComponent("report-\(safe)-\(stamp).json")
        }
        if let code = Platform.writeNewPrivateFile(path, Array(data)) {
            let reason = code == EEXIST ? "it already exists: give a new file" : Platform.describe(errno: code)
            throw CommandFailure.rejected("cannot write the bug report to \(path): \(reason)".terminalSafe)
        }
        return path
    }
}
