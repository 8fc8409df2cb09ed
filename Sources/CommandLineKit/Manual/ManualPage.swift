/// The manual page of `booking` (man(7) roff, section 1), generated from
/// the same catalog as `--help`: NAME, SYNOPSIS, DESCRIPTION, COMMANDS with
/// their options, GLOBAL OPTIONS, EXIT STATUS, ENVIRONMENT, FILES, EXAMPLES.
/// Every piece of text goes through `Roff`.
public struct ManualPage: Sendable {
    /// The commands.
    public var commands: [CommandSpec]
    /// Options every command takes.
    public var globalOptions: [CommandSpec.Option]

    /// The page over `CommandCatalog`'s commands and options.
    public init(
        commands: [CommandSpec] = CommandCatalog.commands,
        globalOptions: [CommandSpec.Option] = CommandCatalog.globalOptions
    ) {
        self.commands = commands
        self.globalOptions = globalOptions
    }

    /// The page's roff source.
    public var text: String {
        var lines = [
            #".TH BOOKING 1 "" "booking \#(Roff.literal(BookingTool.version))" "User Commands""#,
            ".nh",
            ".ad l",
            ".SH NAME",
            Roff.literal("booking") + " \\- " + Roff.text(CommandCatalog.tagline),
            ".SH SYNOPSIS",
            Roff.bold("booking") + " [" + Roff.italic("global options") + "] " + Roff.italic("command") + " ["
                + Roff.italic("options") + "] [" + Roff.italic("arguments") + "]",
            ".br",
            Roff.bold("booking") + " "
                + (CommandCatalog.programOptions.map { Roff.bold($0.name) }
                + [Roff.bold(CommandCatalog.helpWord) + " " + Roff.italic("command")]).joined(separator: " | "),
            ".SH DESCRIPTION",
        ]
        lines += CommandCatalog.description.flatMap { [".PP", Roff.line($0)] }
        lines.append(".SH COMMANDS")
        for command in commands { lines += section(of: command) }
        lines.append(".SH GLOBAL OPTIONS")
        lines += (globalOptions + CommandCatalog.programOptions).flatMap(entry)
        lines.append(".SH EXIT STATUS")
        lines += CommandCatalog.exitCodes.flatMap { [".TP", Roff.bold("\($0.code.rawValue)"), Roff.line($0.meaning)] }
        lines.append(".SH ENVIRONMENT")
        lines += CommandCatalog.environment.flatMap { [".TP", Roff.bold($0.name), Roff.line($0.help)] }
        lines.append(".SH FILES")
        lines += CommandCatalog.files.flatMap { [".TP", Roff.italic($0.name), Roff.line($0.help)] }
        lines.append(".SH EXAMPLES")
        lines += CommandCatalog.examples.flatMap {
            [".PP", Roff.line($0.help + ":"), ".RS", Roff.guarded(Roff.literal($0.name)), ".RE"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A command's entry: its name and arguments, its summary and
    /// discussion, then its arguments and options, indented.
    private func section(of command: CommandSpec) -> [String] {
        let usage =
            [Roff.bold(command.name)] + command.arguments.map { Roff.italic($0.name) + ($0.takesRest ? "..." : "") }
        var lines = [".TP", usage.joined(separator: " "), Roff.line(command.summary)]
        if !command.discussion.isEmpty { lines += [".IP", Roff.line(command.discussion)] }
        let items =
            command.arguments.flatMap { [".TP", Roff.italic($0.name), Roff.line($0.help)] }
            + command.options.flatMap(entry)
        if !items.isEmpty { lines += [".RS"] + items + [".RE"] }
        return lines
    }

    /// An option's entry: its name and value, then its help.
    private func entry(_ option: CommandSpec.Option) -> [String] {
        [".TP", Roff.option(option), Roff.line(option.help)]
    }
}
