import BookingCommandLine

/// `booking completions bash|zsh|fish`: the shell's completion script,
/// generated from the catalog (`CompletionScript`). The parser has already
/// refused any other shell (exit 2).
struct CompletionsCommand: BookingCommand {
    static let shell = TypedArgument(
        "SHELL", .oneOf(CommandCatalog.shells), help: "the shell: " + CommandCatalog.shells.joined(separator: ", "))

    static let spec = CommandSpec(
        name: "completions", summary: "print a completion script for bash, zsh or fish",
        discussion: "Generated from the same list of commands and options as this help. "
            + "Install: `booking completions bash > ~/.local/share/bash-completion/completions/booking`; "
            + "zsh: into a directory of $fpath as `_booking`; "
            + "fish: `booking completions fish > ~/.config/fish/completions/booking.fish`.",
        arguments: [shell.spec])

    /// The shell.
    let shell: CompletionScript.Shell

    init(_ input: CommandInput) throws(UsageError) {
        let name = try input(Self.shell)
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw UsageError.invalidValue(
                option: Self.shell.spec.name, value: name,
                reason: "use one of: " + CommandCatalog.shells.joined(separator: ", "))
        }
        self.shell = shell
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let script = CompletionScript(program: CommandCatalog.program, command: Self.spec.name).text(for: shell)
        if invocation.json {
            invocation.emit(["shell": .string(shell.rawValue), "text": .string(script)])
        } else {
            invocation.console.write(script)
        }
        return .done
    }
}
