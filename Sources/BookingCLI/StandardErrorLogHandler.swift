import BookingKit
import BookingPrimitives

/// BookingKit's log messages on stderr, one line each, from `minimum` up:
/// `booking: warning [repository] cannot save the attempt's phase (attempt=…, error=…)`.
/// What the runtime worked around (a cache it could not write, a save that
/// failed) becomes visible without changing stdout.
package struct StandardErrorLogHandler: LogHandler {
    /// The environment variable that turns it on: `debug`, `info`, `warning` or `error`.
    package static let variable = "BOOKING_LOG"
    /// The levels `BOOKING_LOG` takes.
    package static let levels: [LogLevel] = [.debug, .info, .warning, .error]

    /// The least level written.
    package let minimum: LogLevel
    private let console: Console

    /// A handler writing messages of `minimum` and up through `console.note`.
    package init(minimum: LogLevel, console: Console) {
        self.minimum = minimum
        self.console = console
    }

    /// The handler `environment` asks for: silent when `BOOKING_LOG` is unset
    /// or empty; warnings and up, after a note saying so, when it names no level.
    package static func from(environment: [String: String], console: Console) -> any LogHandler {
        guard let value = environment[variable], !value.isEmpty else { return SilentLogHandler() }
        if let level = levels.first(where: { $0.description == value.lowercased() }) {
            return StandardErrorLogHandler(minimum: level, console: console)
        }
        let names = levels.map(\.description).joined(separator: ", ")
        console.note(
            "booking: \(variable)=\(value.terminalSafe) is not one of \(names); logging warnings and errors")
        return StandardErrorLogHandler(minimum: .warning, console: console)
    }

    /// `minimum`: BookingKit builds no message below it.
    package var logLevel: LogLevel? { minimum }

    /// Writes the message on one line of stderr, escaped for a terminal.
    package func log(level: LogLevel, message: String, metadata: [String: String], source: String) {
        guard level >= minimum else { return }
        let details = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        let line = "booking: \(level) [\(source)] \(message)" + (details.isEmpty ? "" : " (\(details))")
        console.note(line.terminalSafe)
    }
}
