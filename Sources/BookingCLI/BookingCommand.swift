/// One `booking` command as a type: it declares its options and arguments
/// once (`TypedOption`, `TypedArgument`, listed in `spec`), reads them typed
/// in `init`, checks them against each other in `validate()`, and runs.
/// Every error it throws is mapped to an exit code in one place
/// (`BookingTool`): a `UsageError` is exit 2.
protocol BookingCommand: Sendable {
    /// The name, help, options and arguments: `--help`, the manual and the
    /// shell completions are generated from it.
    static var spec: CommandSpec { get }
    /// Reads the typed values (each option's own check runs here).
    init(_ input: CommandInput) throws(UsageError)
    /// Checks the values together (`--check-out` after `--check-in`);
    /// nothing by default.
    func validate() throws(UsageError)
    /// Does the work.
    func run(_ invocation: Invocation) async throws -> ExitCode
}

extension BookingCommand {
    func validate() throws(UsageError) {}
}

/// A command whose one input is a positional argument: its spec and its
/// reading come from the declaration (`argument`), the value is `argument`.
protocol ArgumentCommand: BookingCommand {
    associatedtype Value: Sendable
    /// The command's name.
    static var name: String { get }
    /// One line saying what it does.
    static var summary: String { get }
    /// The argument's declaration.
    static var argument: TypedArgument<Value> { get }
    /// The command with the argument's value.
    init(argument: Value)
}

extension ArgumentCommand {
    static var spec: CommandSpec { CommandSpec(name, summary: summary, arguments: [argument.spec]) }

    init(_ input: CommandInput) throws(UsageError) {
        self.init(argument: try input(Self.argument))
    }
}

/// A command of the catalog: its description and how a parsed command line
/// becomes a ready-to-run command (read and validated, before any work).
struct CommandEntry: Sendable {
    /// The command's description.
    let spec: CommandSpec
    /// Reads and validates the command line; the returned closure runs it.
    let prepare: @Sendable (ParsedCommand) throws(UsageError) -> @Sendable (Invocation) async throws -> ExitCode

    /// The entry of a command type.
    init<Command: BookingCommand>(_ type: Command.Type) {
        spec = Command.spec
        prepare = { (parsed) throws(UsageError) in
            let command = try Command(CommandInput(parsed: parsed, spec: Command.spec))
            try command.validate()
            return { invocation in try await command.run(invocation) }
        }
    }

    /// The entry of a command that still reads its own words
    /// (`static func run(_:)`): its spec is given here.
    init(_ spec: CommandSpec, run: @escaping @Sendable (Invocation) async throws -> ExitCode) {
        self.spec = spec
        prepare = { _ in run }
    }
}
