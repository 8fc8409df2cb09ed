import BookingPrimitives

/// A command line that cannot run: the tool prints it on one line of stderr
/// (`message(program:)`, which names the program) and exits with code 2.
package enum UsageError: Error, Equatable, Sendable {
    case missingCommand
    case unknownCommand(String)
    case unknownOption(command: String, option: String)
    case missingValue(option: String)
    /// A required option was not given (`option` is its label, `--place PLACE_ID`).
    case missingOption(command: String, option: String)
    case repeatedOption(String)
    case missingArgument(command: String, argument: String)
    case unexpectedArgument(command: String, argument: String)
    case invalidValue(option: String, value: String, reason: String)
    /// A secret (an API key) that was refused: never echoed, not even escaped.
    case invalidSecret(option: String, reason: String)

    /// What is wrong, in words that name `program` (e.g. "run `tool --help`").
    package func message(program: String) -> String {
        switch self {
        case .missingCommand:
            return "no command given; run `\(program) --help` for the list"
        case .unknownCommand(let name):
            return "unknown command '\(Self.printable(name))'; run `\(program) --help` for the list"
        case .unknownOption(let command, let option):
            return
                "unknown option '\(Self.printable(option))' for `\(program) \(command)`; run `\(program) \(command) --help`"
        case .missingValue(let option):
            return "option \(option) needs a value"
        case .missingOption(let command, let option):
            return "`\(program) \(command)` needs \(option); run `\(program) \(command) --help`"
        case .repeatedOption(let option):
            return "option \(option) was given more than once"
        case .missingArgument(let command, let argument):
            return "`\(program) \(command)` needs \(argument); run `\(program) \(command) --help`"
        case .unexpectedArgument(let command, let argument):
            return "unexpected argument '\(Self.printable(argument))' for `\(program) \(command)`"
        case .invalidValue(let option, let value, let reason):
            return "invalid value '\(Self.printable(value))' for \(option): \(reason)"
        case .invalidSecret(let option, let reason):
            return "invalid \(option) (not shown): \(reason)"
        }
    }

    /// The text made terminal-safe and cut to 80 characters, so hostile
    /// input cannot move the cursor, reorder the line or flood the terminal.
    static func printable(_ text: String) -> String {
        TerminalSafe.escaping(text, limit: 80)
    }
}
