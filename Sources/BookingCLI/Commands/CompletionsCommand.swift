/// `booking completions bash|zsh|fish`: the shell's completion script,
/// generated from the catalog (`CompletionScript`). The parser has already
/// refused any other shell (exit 2).
enum CompletionsCommand {
    static func run(_ invocation: Invocation) throws -> ExitCode {
        let name = invocation.command.arguments[0]
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw UsageError.invalidValue(
                option: "SHELL", value: name, reason: "use one of: " + CommandCatalog.shells.joined(separator: ", "))
        }
        let script = CompletionScript().text(for: shell)
        if invocation.json {
            invocation.emit(["shell": .string(shell.rawValue), "text": .string(script)])
        } else {
            invocation.console.write(script)
        }
        return .done
    }
}
