import BookingKit
import CommandLineKit
import Foundation

/// `booking replay LOG`: runs a saved event log through the reducer and
/// says, step by step, whether it reaches the logged state and effects.
/// Exit 1 on any mismatch, 2 when the log cannot be read.
///
/// The log is streamed twice, never held in memory: a first pass checks
/// every line and counts the mismatches (so an unreadable log prints nothing
/// but its error), a second prints the steps, as many as the first saw. The
/// log's text is a file's, not the program's: it is printed terminal-safe.
enum ReplayCommand: ArgumentCommand {
    static let name = "replay"
    static let summary = "replay a saved event log through the flow, state by state"
    static let argument = TypedArgument("LOG", .file, help: "an event log file")

    static func run(_ path: String, _ invocation: Invocation) async throws -> ExitCode {
        try checkFile(path)
        var mismatches = 0
        let count = try replay(path) { step in
            if !step.matches { mismatches += 1 }
        }
        let matches = mismatches == 0
        if invocation.json {
            try printJSON(path, matches: matches, count: count, console: invocation.console)
        } else {
            let console = invocation.console
            try replay(path, limit: count) { step in
                let effects = step.effects.isEmpty ? "" : "  [" + step.effects.joined(separator: ", ") + "]"
                let logged = "\(step.entry.state) [\(step.entry.effects.joined(separator: ", "))]".terminalSafe
                let verdict =
                    step.matches
                    ? console.styled("ok", .green)
                    : console.styled("MISMATCH (logged \(logged))", .red)
                console.line("\(step.entry.sequence). \(step.entry.event.name) -> \(step.state)\(effects)  \(verdict)")
            }
            console.line(
                matches
                    ? "Replayed \(count) step(s): every state and effect matches the log."
                    : "Replayed \(count) step(s): \(mismatches) do not match the log.")
        }
        return matches ? .done : .failed
    }

    /// The one JSON document, written a step at a time.
    private static func printJSON(_ path: String, matches: Bool, count: Int, console: Console) throws {
        let log = JSONValue.string(path).serialized()
        console.write("{\n  \"log\": \(log),\n  \"matches\": \(matches),\n  \"steps\": [")
        var first = true
        try replay(path, limit: count) { step in
            let object: JSONValue = [
                "sequence": .number(step.entry.sequence),
                "event": .string(step.entry.event.name),
                "loggedState": .string(step.entry.state),
                "replayedState": .string(step.state),
                "loggedEffects": .array(step.entry.effects.map { .string($0) }),
                "replayedEffects": .array(step.effects.map { .string($0) }),
                "matches": .bool(step.matches),
            ]
            console.write((first ? "\n    " : ",\n    ") + object.serialized(indentLevel: 2))
            first = false
        }
        console.line(first ? "]\n}" : "\n  ]\n}")
    }

    /// A directory or a file this user may not read is said as that, with
    /// what to give instead, before the platform's words ("error 256") can.
    private static func checkFile(_ path: String) throws(CommandFailure) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        if isDirectory.boolValue {
            throw .rejected(
                "cannot replay: \(path) is a directory, not an event log: give one of its files "
                    + "(the logs are in <data-dir>/logs/)")
        }
        if !FileManager.default.isReadableFile(atPath: path) {
            throw .rejected("cannot replay: \(path) cannot be read by this user: give a log you may read")
        }
    }

    @discardableResult
    private static func replay(_ path: String, limit: Int? = nil, _ body: (Replay.Step) throws -> Void) throws -> Int {
        do {
            return try Replay.stream(path, limit: limit, body)
        } catch let error as EventLogError {
            throw CommandFailure.rejected("cannot replay: \(error)")
        }
    }
}
