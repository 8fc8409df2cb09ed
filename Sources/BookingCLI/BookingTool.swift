import Foundation
import SQLite

/// The `booking` command: parses the words, runs the command, and maps
/// every way it can end to an exit code in one place. The executable's
/// `main.swift` only calls `run` and exits with its code.
public enum BookingTool {
    /// The package's version: `booking --version` and the manual page print it.
    public static let version = "0.2.0"

    /// Runs `booking` with `arguments` (without the program name).
    public static func run(arguments: [String], environment: [String: String]) async -> ExitCode {
        Platform.ignoreBrokenPipes()
        let console = Console(environment: environment)
        let parser = CommandCatalog.parser
        let json = Self.asksForJSON(arguments)
        do {
            switch try parser.parse(arguments) {
            case .help(let name):
                console.line(
                    name.flatMap(parser.command(named:)).map(CommandCatalog.help(for:)) ?? CommandCatalog.overview)
                return .done
            case .version:
                let sqlite = SQLiteLibrary.version
                let document: JSONValue = ["version": .string(version), "sqlite": .string(sqlite)]
                console.line(json ? document.serialized() : "booking \(version) (SQLite \(sqlite))")
                return .done
            case .run(let command):
                let settings = try Settings.resolve(command, environment: environment)
                if CommandCatalog.finishesWork(command.command) { console.finishWorkWhenReaderLeaves() }
                let invocation = Invocation(
                    command: command, settings: settings, console: console,
                    environment: environment)
                let code = try await dispatch(invocation)
                if console.hasLostReader && code == .unknown {
                    console.note(
                        "booking: the output was closed and the outcome is not known yet: run `booking status`")
                }
                return code
            }
        } catch let error as UsageError {
            return fail(.usage, "\(error)", json: json, console: console)
        } catch let failure as CommandFailure {
            return fail(failure.code, failure.message, json: json, console: console)
        } catch {
            return fail(.failed, "\(error)", json: json, console: console)
        }
    }

    /// An error: one line on stderr and, with `--json`, one document on
    /// stdout: `{"error": {"code", "message", "exitCode"}}` (`code` is
    /// `usage`, `failed` or `unknown`; the message is exact there).
    private static func fail(_ code: ExitCode, _ message: String, json: Bool, console: Console) -> ExitCode {
        console.note("booking: " + oneLine(message))
        if json {
            let error: JSONValue = [
                "code": .string(code.name), "message": .string(message), "exitCode": .int(Int64(code.rawValue)),
            ]
            console.line(JSONValue.object([("error", error)]).serialized())
        }
        return code
    }

    /// Whether the words ask for `--json` (as an option, before any `--`),
    /// read before parsing so a bad command line's error is JSON too.
    static func asksForJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    private static func dispatch(_ invocation: Invocation) async throws -> ExitCode {
        switch invocation.command.command {
        case "demo": return try await DemoCommand.run(invocation)
        case "search": return try await SearchCommand.run(invocation)
        case "offers": return try await OffersCommand.run(invocation)
        case "hold": return try await HoldCommand.run(invocation)
        case "pay": return try await PayCommand.run(invocation)
        case "status": return try await StatusCommand.run(invocation)
        case "trips": return try await TripsCommand.run(invocation)
        case "trip": return try await TripCommand.run(invocation)
        case "cancel": return try await CancelCommand.run(invocation)
        case "reconcile": return try await ReconcileCommand.run(invocation)
        case "open": return try await OpenCommand.run(invocation)
        case "replay": return try await ReplayCommand.run(invocation)
        case "diagram": return try await DiagramCommand.run(invocation)
        case "sandbox": return try await SandboxCommand.run(invocation)
        case "completions": return try CompletionsCommand.run(invocation)
        case "manual": return ManualCommand.run(invocation)
        default: throw UsageError.unknownCommand(invocation.command.command)
        }
    }

    /// `text` on one line (newlines become spaces), terminal-safe, at most 400 characters.
    static func oneLine(_ text: String) -> String {
        TerminalSafe.escaping(text.replacingOccurrences(of: "\n", with: " "), limit: 400)
    }
}
