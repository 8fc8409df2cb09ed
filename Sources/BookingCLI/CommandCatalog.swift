import BookingCommandLine
import BookingCore
import Foundation

/// Every command of `booking`, its options and its help: the one place
/// the parser, `--help`, the shell completions (`CompletionScript`) and the
/// manual page (`ManualPage`) read from.
package enum CommandCatalog {
    /// What `booking` is, in one line.
    package static let tagline = "the BookingKit command-line client"

    /// Options every command takes.
    package static let globalOptions: [CommandSpec.Option] = Settings.options

    /// What `booking` takes instead of a command.
    package static let programOptions: [CommandSpec.Option] = [
        .init("--help", help: "this overview; `booking help <command>` for one command"),
        .init("--version", help: "the versions of booking and SQLite (a document with --json)"),
    ]

    /// The word before a command's name that asks for its help: `booking help pay`.
    package static let helpWord = "help"

    /// The shells `booking completions` writes a script for.
    package static let shells: [String] = CompletionScript.Shell.allCases.map(\.rawValue)

    /// The commands, in the order `booking --help` lists them: each a
    /// `BookingCommand` type that declares its own options and arguments
    /// (`OneArgument` for those whose one input is an argument).
    static let commandTypes: [any BookingCommand.Type] = [
        DemoCommand.self,
        SearchCommand.self,
        OffersCommand.self,
        HoldCommand.self,
        HoldsCommand.self,
        CouponCommand.self,
        PayCommand.self,
        StatusCommand.self,
        TripsCommand.self,
        TripCommand.self,
        CancelCommand.self,
        ModifyCommand.self,
        ReconcileCommand.self,
        OneArgument<OpenCommand>.self,
        OneArgument<PushCommand>.self,
        OneArgument<ReplayCommand>.self,
        ReportCommand.self,
        StatsCommand.self,
        DiagramCommand.self,
        SandboxCommand.self,
        CompletionsCommand.self,
        ManualCommand.self,
    ]

    /// The commands' descriptions, in the order `booking --help` lists them.
    package static let commands: [CommandSpec] = commandTypes.map { $0.spec }

    /// The type of the command called `name`.
    static func commandType(named name: String) -> (any BookingCommand.Type)? {
        commandTypes.first { $0.spec.name == name }
    }

    /// A booking's id, as `trip`, `cancel` and `modify` take it.
    static let bookingID = TypedArgument(
        "BOOKING_ID", ValueParser.identifier.map { BookingID($0) }, help: "a booking id from `booking trips`")

    /// The exit codes and what each means, for `--help` and the manual.
    package static let exitCodes: [(code: ExitCode, meaning: String)] = [
        (.done, "done (held, confirmed, listed, ...)"),
        (.failed, "a failure: declined, expired, sold out, price changed, server unreachable"),
        (.usage, "bad usage or rejected input (unknown command, option or id; a bad value)"),
        (.unknown, "not known yet (a payment being looked up): run `booking status` later"),
    ]

    /// The commands whose work moves money, holds rooms or settles attempts
    /// (each says so: `BookingCommand.finishesItsWork`): a reader of stdout
    /// that goes away (`| head -1`) never stops them half-way. Every other
    /// command only reads, and ends quietly with 0.
    package static let commandsThatFinishTheirWork = Set(
        commandTypes.filter { $0.finishesItsWork }.map { $0.spec.name })

    /// Whether `command` finishes its work when stdout's reader goes away.
    package static func finishesWork(_ command: String) -> Bool {
        commandsThatFinishTheirWork.contains(command)
    }

    /// `booking` as the parser, the completions and the manual page see it
    /// (`--version` may come with `--json`, for a document).
    package static let program = Program(
        name: "booking", version: BookingTool.version, tagline: tagline, commands: commands,
        globalOptions: globalOptions, programOptions: programOptions, helpWord: helpWord, versionFlags: ["--json"])

    /// The parser over these commands.
    package static let parser = CommandLineParser(program: program)

    /// `booking --help`.
    package static var overview: String {
        let width = commands.map(\.name.count).max() ?? 0
        var lines = [
            "booking: \(tagline)",
            "",
            "USAGE: booking [global options] <command> [options]",
            "       booking " + (programOptions.map(\.name) + ["\(helpWord) <command>"]).joined(separator: " | "),
            "",
            "COMMANDS:",
        ]
        for command in commands {
            lines.append(
                "  " + command.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + command.summary)
        }
        lines += ["", "GLOBAL OPTIONS:"] + optionLines(globalOptions)
        lines += ["", "OTHER OPTIONS:"] + optionLines(programOptions)
        lines += ["", "EXIT CODES:"] + exitCodes.map { "  \($0.code.rawValue)  \($0.meaning)" }
        lines += ["", "Run `booking <command> --help` for one command."]
        return lines.joined(separator: "\n")
    }

    /// `booking <command> --help`.
    package static func help(for spec: CommandSpec) -> String {
        var lines = ["booking \(spec.name): \(spec.summary)", "", "USAGE: \(spec.usage(program: program.name))"]
        if !spec.discussion.isEmpty { lines += ["", spec.discussion] }
        if !spec.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += spec.arguments.map { "  \($0.name)  \($0.help)" }
        }
        if !spec.options.isEmpty { lines += ["", "OPTIONS:"] + optionLines(spec.options) }
        lines += ["", "GLOBAL OPTIONS:"] + optionLines(globalOptions)
        return lines.joined(separator: "\n")
    }

    private static func optionLines(_ options: [CommandSpec.Option]) -> [String] {
        let labels = options.map(\.label)
        let width = labels.map(\.count).max() ?? 0
        var lines: [String] = []
        for (label, option) in zip(labels, options) {
            let padded = label.padding(toLength: width + 2, withPad: " ", startingAt: 0)
            lines.append("  " + padded + option.help)
        }
        return lines
    }
}
