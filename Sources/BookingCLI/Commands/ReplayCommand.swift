import BookingCommandLine
import BookingKit
import Foundation

/// `booking replay LOG|REPORT`: runs a saved event log, or every run of a
/// bug report (`booking report`), through the reducer and says, step by
/// step, whether it reaches the logged state and effects. Exit 1 on any
/// mismatch, 2 when the file cannot be read.
///
/// The log is streamed twice, never held in memory: a first pass checks
/// every line and counts the mismatches (so an unreadable log prints nothing
/// but its error), a second prints the steps, as many as the first saw. The
/// log's text is a file's, not the program's: it is printed terminal-safe.
enum ReplayCommand: ArgumentCommand {
    static let name = "replay"
    static let summary = "replay a saved event log or bug report through the flow, state by state"
    static let argument = TypedArgument("LOG", .file, help: "an event log file, or a bug report from booking report")

    static func run(_ path: String, _ invocation: Invocation) async throws -> ExitCode {
        try checkFile(path)
        if let report = try bugReport(at: path) { return replay(report, path: path, invocation) }
        // Each line names its flow; a booking flow's log written before
        // 2026-12-05 names none.
        switch flow(ofLogAt: path) {
        case CancelFlow.flowName: return try replay(path, CancelFlow.self, invocation)
        case ModifyFlow.flowName: return try replay(path, ModifyFlow.self, invocation)
        default: return try replay(path, BookingFlow.self, invocation)
        }
    }

    /// The flow named by the first line of the log at `path`; nil when it
    /// names none or is not an entry (the replay then says why).
    private static func flow(ofLogAt path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var line = Data()
        while line.count <= FlowReplay<BookingFlow>.longestLine,
            let chunk = try? handle.read(upToCount: 1 << 12), !chunk.isEmpty
        {
            if let newline = chunk.firstIndex(of: UInt8(ascii: "\n")) {
                line.append(chunk[chunk.startIndex..<newline])
                break
            }
            line.append(chunk)
        }
        let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any]
        return object?["flow"] as? String
    }

    /// Replays the log at `path` as a log of `Machine`, step by step.
    private static func replay<Machine: FlowMachine>(
        _ path: String, _ machine: Machine.Type, _ invocation: Invocation
    ) throws -> ExitCode {
        var mismatches = 0
        let count = try replay(path, Machine.self) { step in
            if !step.matches { mismatches += 1 }
        }
        let matches = mismatches == 0
        if invocation.json {
            try printJSON(path, Machine.self, matches: matches, count: count, console: invocation.console)
        } else {
            let console = invocation.console
            try replay(path, Machine.self, limit: count) { step in
                let effects = step.effects.isEmpty ? "" : "  [" + step.effects.joined(separator: ", ") + "]"
                let logged = "\(step.entry.state) [\(step.entry.effects.joined(separator: ", "))]".terminalSafe
                let verdict =
                    step.matches
                    ? console.styled("ok", .green)
                    : console.styled("MISMATCH (logged \(logged))", .red)
                let event = Machine.eventName(of: step.entry.event)
                console.line("\(step.entry.sequence). \(event) -> \(step.state)\(effects)  \(verdict)")
            }
            console.line(
                matches
                    ? "Replayed \(count) step(s): every state and effect matches the log."
                    : "Replayed \(count) step(s): \(mismatches) do not match the log.")
        }
        return matches ? .done : .failed
    }

    /// The one JSON document, written a step at a time.
    private static func printJSON<Machine: FlowMachine>(
        _ path: String, _ machine: Machine.Type, matches: Bool, count: Int, console: Console
    ) throws {
        let log = JSONValue.string(path).serialized()
        console.write(
            "{\n  \"log\": \(log),\n  \"flow\": \(JSONValue.string(Machine.flowName).serialized()),\n  \"matches\": \(matches),\n  \"steps\": ["
        )
        var first = true
        try replay(path, Machine.self, limit: count) { step in
            let object: JSONValue = [
                "sequence": .number(step.entry.sequence),
                "event": .string(Machine.eventName(of: step.entry.event)),
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
        // A FIFO, a socket or a device is never an event log: opening a FIFO
        // for reading would wait for a writer forever.
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        if let type, type != .typeRegular, type != .typeSymbolicLink {
            throw .rejected(
                "cannot replay: \(path) is not a regular file (\(Self.kind(type))), not an event log: "
                    + "give a file from <data-dir>/logs/")
        }
        if !FileManager.default.isReadableFile(atPath: path) {
            throw .rejected("cannot replay: \(path) cannot be read by this user: give a log you may read")
        }
    }

    /// A file type in words.
    private static func kind(_ type: FileAttributeType) -> String {
        switch type {
        case .typeCharacterSpecial, .typeBlockSpecial: return "a device"
        case .typeSocket: return "a socket"
        default: return "a FIFO or another special file"
        }
    }

    /// The bug report at `path`, nil when the file is an event log (its
    /// first line is a whole entry; a report's first line is `{` alone).
    private static func bugReport(at path: String) throws -> BugReport? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 64)) ?? Data()
        let firstLine = head.prefix { $0 != UInt8(ascii: "\n") }
        guard String(decoding: firstLine, as: UTF8.self).trimmingCharacters(in: .whitespaces) == "{",
            head.count > firstLine.count
        else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure.rejected("cannot replay: cannot read \(path): \(error.localizedDescription)")
        }
        do {
            return try BugReport(data: data)
        } catch {
            throw CommandFailure.rejected("cannot replay \(path): \(error)")
        }
    }

    /// Replays every run of a bug report, and says where it departs.
    private static func replay(_ report: BugReport, path: String, _ invocation: Invocation) -> ExitCode {
        let (steps, departure) = report.replay()
        let console = invocation.console
        if invocation.json {
            var document: [(String, JSONValue)] = [
                ("report", .string(path)), ("attemptId", .string(report.attempt["attemptId"] ?? "")),
                ("program", .string(report.program)), ("runs", .number(report.runs.count)),
                ("steps", .number(steps)), ("matches", .bool(departure == nil)),
            ]
            if let departure {
                document.append(
                    (
                        "departure",
                        [
                            "log": .string(departure.log), "sequence": .number(departure.sequence),
                            "event": .string(departure.event), "logged": .string(departure.logged),
                            "replayed": .string(departure.replayed),
                        ]
                    ))
            }
            invocation.emit(.object(document))
        } else {
            for run in report.runs {
                console.line("\(run.log):".terminalSafe)
                for step in Replay.run(run.entries) {
                    let verdict = step.matches ? console.styled("ok", .green) : console.styled("MISMATCH", .red)
                    console.line("  \(step.entry.sequence). \(step.entry.event.name) -> \(step.state)  \(verdict)")
                }
            }
            if let departure {
                console.line(
                    ("Replayed \(steps) step(s): \(departure.log) departs at step \(departure.sequence) "
                        + "(\(departure.event)): logged \(departure.logged), replayed \(departure.replayed).")
                        .terminalSafe)
            } else {
                console.line(
                    "Replayed \(steps) step(s) of \(report.runs.count) run(s): every state and effect matches the report."
                )
            }
        }
        return departure == nil ? .done : .failed
    }

    @discardableResult
    private static func replay<Machine: FlowMachine>(
        _ path: String, _ machine: Machine.Type, limit: Int? = nil, _ body: (FlowReplay<Machine>.Step) throws -> Void
    ) throws -> Int {
        do {
            return try FlowReplay<Machine>.stream(path, limit: limit, body)
        } catch let error as EventLogError {
            throw CommandFailure.rejected("cannot replay: \(error)")
        }
    }
}
