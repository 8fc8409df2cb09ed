/// A command-line program as the parser, the help, the completion scripts
/// and the manual page see it: its name, its version, its commands and the
/// options around them. The tool builds one from its own declarations and
/// hands it to each of them; nothing here names a particular program.
package struct Program: Sendable {
    /// The name users type, e.g. `tool`: in usage lines, errors, the
    /// completion scripts' function names and the manual's title.
    package var name: String
    /// Its version, as the manual page and the completion scripts print it.
    package var version: String
    /// What it is, in one line.
    package var tagline: String
    /// The commands, in the order the help lists them.
    package var commands: [CommandSpec]
    /// Options every command takes.
    package var globalOptions: [CommandSpec.Option]
    /// What the program takes instead of a command (`--help`, `--version`).
    package var programOptions: [CommandSpec.Option]
    /// The word before a command's name that asks for its help: `tool help list`.
    package var helpWord: String
    /// The flags `--version` may be given with (e.g. `--json`, for a document).
    package var versionFlags: Set<String>

    /// Creates a program's description.
    package init(
        name: String, version: String, tagline: String, commands: [CommandSpec],
        globalOptions: [CommandSpec.Option], programOptions: [CommandSpec.Option], helpWord: String = "help",
        versionFlags: Set<String> = []
    ) {
        self.name = name
        self.version = version
        self.tagline = tagline
        self.commands = commands
        self.globalOptions = globalOptions
        self.programOptions = programOptions
        self.helpWord = helpWord
        self.versionFlags = versionFlags
    }
}
