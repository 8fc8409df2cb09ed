/// The description of one command: its name, help, options and arguments.
/// The parser, `--help`, the shell completions and the manual page are all
/// generated from it. Each command type builds its own (`BookingCommand.spec`,
/// with the compiler's memberwise initializer) from its declarations.
public struct CommandSpec: Sendable {
    /// What an option's value or an argument may be: what the parser
    /// checks and what the shell completions offer.
    public enum ValueKind: Sendable, Equatable {
        /// Any text (an id, a date, a number): nothing to offer.
        case text
        /// Exactly one of these words; the parser refuses any other.
        case oneOf([String])
        /// These words are offered; others are accepted too.
        case suggested([String])
        /// A file's path.
        case file
        /// A directory's path.
        case directory

        /// The words to offer, if the kind has any.
        public var words: [String] {
            switch self {
            case .oneOf(let words), .suggested(let words): return words
            case .text, .file, .directory: return []
            }
        }
    }

    /// One `--option` a command takes.
    public struct Option: Sendable {
        /// The long name with its dashes, e.g. `--check-in`.
        public var name: String
        /// The value's placeholder (`DATE`, `pass|fail`), or nil for a flag.
        public var valueName: String?
        /// What the value may be.
        public var kind: ValueKind
        /// One line of help.
        public var help: String
        /// Whether it may be given more than once.
        public var repeatable: Bool

        /// Creates an option; a flag when it has neither a value's
        /// placeholder nor a kind. A `.oneOf` value's placeholder defaults
        /// to its words, e.g. `pass|fail`.
        public init(
            _ name: String, value valueName: String? = nil, kind: ValueKind = .text, help: String,
            repeatable: Bool = false
        ) {
            self.name = name
            if case .oneOf(let words) = kind, valueName == nil {
                self.valueName = words.joined(separator: "|")
            } else {
                self.valueName = valueName ?? (kind == .text ? nil : "VALUE")
            }
            self.kind = kind
            self.help = help
            self.repeatable = repeatable
        }

        /// Whether it takes a value (`--card TOKEN`) rather than being a flag.
        public var takesValue: Bool { valueName != nil }

        /// `--name VALUE`, or `--name` for a flag.
        public var label: String { name + (valueName.map { " " + $0 } ?? "") }
    }

    /// One positional argument.
    public struct Argument: Sendable {
        /// Its placeholder, e.g. `BOOKING_ID`.
        public var name: String
        /// What it may be.
        public var kind: ValueKind
        /// One line of help.
        public var help: String
        /// Whether the rest of the words are joined into it (`search lis bon`).
        public var takesRest: Bool

        /// Creates an argument.
        public init(_ name: String, kind: ValueKind = .text, help: String, takesRest: Bool = false) {
            self.name = name
            self.kind = kind
            self.help = help
            self.takesRest = takesRest
        }
    }

    /// The command's name, e.g. `offers`.
    public var name: String
    /// One line saying what it does.
    public var summary: String
    /// Longer help, shown by `booking <command> --help`.
    public var discussion = ""
    /// Its options.
    public var options: [Option] = []
    /// Its positional arguments, all required.
    public var arguments: [Argument] = []

    /// The usage line, e.g. `booking trip BOOKING_ID [--json]`.
    public var usage: String {
        var parts = ["booking", name]
        parts += arguments.map { $0.takesRest ? "\($0.name)..." : $0.name }
        parts += options.map { "[\($0.label)]\($0.repeatable ? "..." : "")" }
        return parts.joined(separator: " ")
    }
}
