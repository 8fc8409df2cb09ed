import BookingKit

/// `booking replay LOG`: runs a saved event log through the reducer and
/// says, step by step, whether it reaches the logged state and effects.
/// Exit 1 on any mismatch, 2 when the log cannot be read.
enum ReplayCommand {
    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let path = invocation.command.arguments[0]
        let entries: [EventLog.Entry]
        do {
            entries = try EventLog.read(path)
        } catch {
            throw CommandFailure.rejected("cannot replay: \(error)")
        }
        let steps = Replay.run(entries)
        let matches = steps.allSatisfy(\.matches)
        if invocation.json {
            invocation.emit([
                "log": .string(path),
                "matches": .bool(matches),
                "steps": .array(steps.map { step in
                    [
                        "sequence": .number(step.entry.sequence),
                        "event": .string(step.entry.event.name),
                        "loggedState": .string(step.entry.state),
                        "replayedState": .string(step.state),
                        "loggedEffects": .array(step.entry.effects.map { .string($0) }),
                        "replayedEffects": .array(step.effects.map { .string($0) }),
                        "matches": .bool(step.matches),
                    ]
                }),
            ])
        } else {
            let console = invocation.console
            for step in steps {
                let effects = step.effects.isEmpty ? "" : "  [" + step.effects.joined(separator: ", ") + "]"
                let verdict = step.matches
                    ? console.styled("ok", .green)
                    : console.styled("MISMATCH (logged \(step.entry.state) [\(step.entry.effects.joined(separator: ", "))])", .red)
                console.line("\(step.entry.sequence). \(step.entry.event.name) -> \(step.state)\(effects)  \(verdict)")
            }
            let mismatches = steps.filter { !$0.matches }.count
            console.line(matches
                ? "Replayed \(steps.count) step(s): every state and effect matches the log."
                : "Replayed \(steps.count) step(s): \(mismatches) do not match the log.")
        }
        return matches ? .done : .failed
    }
}
