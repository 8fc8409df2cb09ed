/// A command line split by a `CommandSpec`: which command, the values of its
/// options, its flags and its arguments. Values are still text; the typed
/// checks come after (`CommandInput`).
package struct ParsedCommand: Equatable, Sendable {
    /// The command's name.
    package var command: String
    /// Option values by option name (`--output`), in the order given.
    package var values: [String: [String]]
    /// Flags given, by name (`--json`).
    package var flags: Set<String>
    /// Positional arguments, in order.
    package var arguments: [String]

    /// The one value of `option`, if given.
    package func value(_ option: String) -> String? { values[option]?.last }

    /// Whether `flag` was given.
    package func has(_ flag: String) -> Bool { flags.contains(flag) }
}
