import BookingCommandLine
import BookingKit
import Foundation

/// The `booking` command: parses the words, runs the command, and maps
/// every way it can end to an exit code in one place. The executable's
/// `main.swift` only calls `run` and exits with its code.
public enum BookingTool {
    /// The package's version: `booking --version` and the manual page print it.
    package static let version = "0.2.0"

    /// Runs `booking` with `arguments` (without the program name) on the
    /// process's standard streams: a broken pipe is an `EPIPE` the console
    /// sees, never a signal.
    public static func run(arguments: [String], environment: [String: String]) async -> ExitCode {
        Platform.ignoreBrokenPipes()
        return await run(arguments: arguments, environment: environment, console: Console(environment: environment))
    }

    /// Runs `booking` with `arguments` (without the program name), writing
    /// only to `console`; `environment` stands for the process's. A run
    /// whose stdout reader left before it had work to finish ends with
    /// `ExitCode.done`, as the process over the standard streams does.
    package static func run(arguments: [String], environment: [String: String], console: Console) async -> ExitCode {
        let code = await runCommand(arguments: arguments, environment: environment, console: console)
        return console.endsQuietly ? .done : code
    }

    private static func runCommand(arguments: [String], environment: [String: String], console: Console) async
        -> ExitCode
    {
        let parser = CommandCatalog.parser
        let json = Self.asksForJSON(arguments)
        do {
            switch try parser.parse(arguments) {
            case .help(let name):
                console.line(
                    name.flatMap(parser.command(named:)).map(CommandCatalog.help(for:)) ?? CommandCatalog.overview)
                return .done
            case .version:
                let sqlite = BookingDiagnostics.sqliteVersion
                let document: JSONValue = ["version": .string(version), "sqlite": .string(sqlite)]
                console.line(json ? document.serialized() : "booking \(version) (SQLite \(sqlite))")
                return .done
            case .run(let command):
                guard let type = CommandCatalog.commandType(named: command.command) else {
                    throw UsageError.unknownCommand(command.command)
                }
                // Every option read and checked before any work or network.
                let prepared = try type.prepare(command)
                let settings = try Settings.resolve(command, environment: environment)
                if CommandCatalog.finishesWork(command.command) { console.finishWorkWhenReaderLeaves() }
                let invocation = Invocation(
                    command: command, settings: settings, console: console,
                    environment: environment)
                let code: ExitCode
                do {
                    code = try await prepared.run(invocation)
                } catch {
                    await invocation.opened.closeAll()
                    throw error
                }
                await invocation.opened.closeAll()
                if console.hasLostReader && code == .unknown {
                    console.note(
                        "booking: the output was closed and the outcome is not known yet: run `booking status`")
                }
                return code
            }
        } catch let error as UsageError {
            return fail(.usage, error.message(program: parser.program.name), json: json, console: console)
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

    /// `text` on one line (newlines become spaces), terminal-safe, at most 400 characters.
    static func oneLine(_ text: String) -> String {
        TerminalSafe.escaping(text.replacingOccurrences(of: "\n", with: " "), limit: 400)
    }
}
