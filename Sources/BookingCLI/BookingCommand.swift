import BookingCommandLine

/// One `booking` command as a type: it declares its options and arguments
/// once (`TypedOption`, `TypedArgument`, listed in `spec`), reads them typed
/// in `init`, checks them against each other in `validate()`, and runs.
/// Every error it throws is mapped to an exit code in one place
/// (`BookingTool`): a `UsageError` is exit 2.
protocol BookingCommand: Sendable {
    /// The name, help, options and arguments: `--help`, the manual and the
    /// shell completions are generated from it.
    static var spec: CommandSpec { get }
    /// Whether its work moves money, holds rooms or settles attempts, so a
    /// reader of stdout that goes away (`| head -1`) never stops it
    /// half-way; false by default (it only reads, and ends quietly with 0).
    static var finishesItsWork: Bool { get }
    /// Reads the typed values (each option's own check runs here).
    init(_ input: CommandInput) throws(UsageError)
    /// Checks the values together (`--check-out` after `--check-in`);
    /// nothing by default.
    func validate() throws(UsageError)
    /// Does the work.
    func run(_ invocation: Invocation) async throws -> ExitCode
}

extension BookingCommand {
    static var finishesItsWork: Bool { false }

    func validate() throws(UsageError) {}

    /// Reads and validates `parsed` (before any work or network): the
    /// command, ready to run, or the `UsageError` that says what is wrong.
    static func prepare(_ parsed: ParsedCommand) throws(UsageError) -> Self {
        let command = try Self(CommandInput(parsed: parsed, spec: spec))
        try command.validate()
        return command
    }
}

/// A command whose one input is a positional argument (`open URL`,
/// `cancel BOOKING_ID`): it declares its name, help and argument, and runs
/// with the argument's typed value. `OneArgument` makes it a
/// `BookingCommand`, holding and reading the value for every such command.
protocol ArgumentCommand {
    associatedtype Value: Sendable
    /// The command's name.
    static var name: String { get }
    /// One line saying what it does.
    static var summary: String { get }
    /// The argument's declaration.
    static var argument: TypedArgument<Value> { get }
    /// As `BookingCommand.finishesItsWork`; false by default.
    static var finishesItsWork: Bool { get }
    /// Does the work with the argument's value.
    static func run(_ value: Value, _ invocation: Invocation) async throws -> ExitCode
}

extension ArgumentCommand {
    static var finishesItsWork: Bool { false }
}

/// The `BookingCommand` of an `ArgumentCommand`: its spec from the
/// declaration, and the argument's value read typed.
struct OneArgument<Command: ArgumentCommand>: BookingCommand {
    static var spec: CommandSpec {
        CommandSpec(name: Command.name, summary: Command.summary, arguments: [Command.argument.spec])
    }

    static var finishesItsWork: Bool { Command.finishesItsWork }

    /// The argument's value.
    let value: Command.Value

    init(_ input: CommandInput) throws(UsageError) {
        value = try input(Command.argument)
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        try await Command.run(value, invocation)
    }
}
