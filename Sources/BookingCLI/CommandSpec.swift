/// The description of one command: its name, help, options and arguments.
/// The parser and the help text are both generated from it.
public struct CommandSpec: Sendable {
    /// One `--option` a command takes.
    public struct Option: Sendable {
        /// The long name with its dashes, e.g. `--check-in`.
        public var name: String
        /// The value's placeholder (`DATE`), or nil for a flag.
        public var valueName: String?
        /// One line of help.
        public var help: String
        /// Whether it may be given more than once.
        public var repeatable: Bool

        /// Creates an option.
        public init(_ name: String, value valueName: String? = nil, help: String, repeatable: Bool = false) {
            self.name = name
            self.valueName = valueName
            self.help = help
            self.repeatable = repeatable
        }
    }

    /// One positional argument.
    public struct Argument: Sendable {
        /// Its placeholder, e.g. `BOOKING_ID`.
        public var name: String
        /// One line of help.
        public var help: String
        /// Whether the rest of the words are joined into it (`search lis bon`).
        public var takesRest: Bool

        /// Creates an argument.
        public init(_ name: String, help: String, takesRest: Bool = false) {
            self.name = name
            self.help = help
            self.takesRest = takesRest
        }
    }

    /// The command's name, e.g. `offers`.
    public var name: String
    /// One line saying what it does.
    public var summary: String
    /// Longer help, shown by `booking <command> --help`.
    public var discussion: String
    /// Its options.
    public var options: [Option]
    /// Its positional arguments, all required.
    public var arguments: [Argument]

    /// Creates a command description.
    public init(_ name: String, summary: String, discussion: String = "", options: [Option] = [], arguments: [Argument] = []) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.options = options
        self.arguments = arguments
    }

    /// The usage line, e.g. `booking trip BOOKING_ID [--json]`.
    public var usage: String {
        var parts = ["booking", name]
        parts += arguments.map { $0.takesRest ? "\($0.name)..." : $0.name }
        parts += options.map { option in
            "[\(option.name)\(option.valueName.map { " \($0)" } ?? "")]\(option.repeatable ? "..." : "")"
        }
        return parts.joined(separator: " ")
    }
}
