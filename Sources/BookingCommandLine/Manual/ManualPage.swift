/// A program's manual page (man(7) roff, section 1), generated from the
/// same `Program` as `--help` and the tool's `ManualContent`: NAME,
/// SYNOPSIS, DESCRIPTION, COMMANDS with their options, GLOBAL OPTIONS, EXIT
/// STATUS, ENVIRONMENT, FILES, EXAMPLES. Every piece of text goes through
/// `Roff`.
package struct ManualPage: Sendable {
    /// The program: its name, version, commands and options.
    package var program: Program
    /// The sections beyond the commands and options.
    package var content: ManualContent

    /// The page of `program`, with `content`'s sections.
    package init(program: Program, content: ManualContent) {
        self.program = program
        self.content = content
    }

    /// The page's roff source.
    package var text: String {
        let name = program.name
        var lines = [
            ".TH " + Roff.literal(name.uppercased()) + #" 1 "" ""# + Roff.literal(name) + " "
                + Roff.literal(program.version) + #"" "User Commands""#,
            ".nh",
            ".ad l",
            ".SH NAME",
            Roff.literal(name) + " \\- " + Roff.text(program.tagline),
            ".SH SYNOPSIS",
            Roff.bold(name) + " [" + Roff.italic("global options") + "] " + Roff.italic("command") + " ["
                + Roff.italic("options") + "] [" + Roff.italic("arguments") + "]",
            ".br",
            Roff.bold(name) + " "
                + (program.programOptions.map { Roff.bold($0.name) }
                + [Roff.bold(program.helpWord) + " " + Roff.italic("command")]).joined(separator: " | "),
            ".SH DESCRIPTION",
        ]
        lines += content.description.flatMap { [".PP", Roff.line($0)] }
        lines.append(".SH COMMANDS")
        for command in program.commands { lines += section(of: command) }
        lines.append(".SH GLOBAL OPTIONS")
        lines += (program.globalOptions + program.programOptions).flatMap(entry)
        lines.append(".SH EXIT STATUS")
        lines += content.exitStatus.flatMap { [".TP", Roff.bold($0.name), Roff.line($0.help)] }
        lines.append(".SH ENVIRONMENT")
        lines += content.environment.flatMap { [".TP", Roff.bold($0.name), Roff.line($0.help)] }
        lines.append(".SH FILES")
        lines += content.files.flatMap { [".TP", Roff.italic($0.name), Roff.line($0.help)] }
        lines.append(".SH EXAMPLES")
        lines += content.examples.flatMap {
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
