/// A command line split by a `CommandSpec`: which command, the values of its
/// options, its flags and its arguments. Values are still text; the typed
/// checks come after (`CommandLineInvocation`).
public struct ParsedCommand: Equatable, Sendable {
    /// The command's name.
    public var command: String
    /// Option values by option name (`--check-in`), in the order given.
    public var values: [String: [String]]
    /// Flags given, by name (`--json`).
    public var flags: Set<String>
    /// Positional arguments, in order.
    public var arguments: [String]

    /// The one value of `option`, if given.
    public func value(_ option: String) -> String? { values[option]?.last }

    /// Whether `flag` was given.
    public func has(_ flag: String) -> Bool { flags.contains(flag) }
}
