/// The description of one command: its name, help, options and arguments.
/// The parser, `--help`, the shell completions and the manual page are all
/// generated from it. Each command type builds its own from its
/// declarations.
package struct CommandSpec: Sendable {
    /// What an option's value or an argument may be: what the parser
    /// checks and what the shell completions offer.
    package enum ValueKind: Sendable, Equatable {
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
        package var words: [String] {
            switch self {
            case .oneOf(let words), .suggested(let words): return words
            case .text, .file, .directory: return []
            }
        }
    }

    /// One `--option` a command takes.
    package struct Option: Sendable {
        /// The long name with its dashes, e.g. `--output`.
        package var name: String
        /// The value's placeholder (`DATE`, `pass|fail`), or nil for a flag.
        package var valueName: String?
        /// What the value may be.
        package var kind: ValueKind
        /// One line of help.
        package var help: String
        /// Whether it may be given more than once.
        package var repeatable: Bool

        /// Creates an option; a flag when it has neither a value's
        /// placeholder nor a kind. A `.oneOf` value's placeholder defaults
        /// to its words, e.g. `pass|fail`.
        package init(
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

        /// Whether it takes a value (`--output FILE`) rather than being a flag.
        package var takesValue: Bool { valueName != nil }

        /// `--name VALUE`, or `--name` for a flag.
        package var label: String { name + (valueName.map { " " + $0 } ?? "") }
    }

    /// One positional argument.
    package struct Argument: Sendable {
        /// Its placeholder, e.g. `ID`.
        package var name: String
        /// What it may be.
        package var kind: ValueKind
        /// One line of help.
        package var help: String
        /// Whether the rest of the words are joined into it (`search new york`).
        package var takesRest: Bool

        /// Creates an argument.
        package init(_ name: String, kind: ValueKind = .text, help: String, takesRest: Bool = false) {
            self.name = name
            self.kind = kind
            self.help = help
            self.takesRest = takesRest
        }
    }

    /// The command's name, e.g. `list`.
    package var name: String
    /// One line saying what it does.
    package var summary: String
    /// Longer help, shown by `<program> <command> --help`.
    package var discussion = ""
    /// Its options.
    package var options: [Option] = []
    /// Its positional arguments, all required.
    package var arguments: [Argument] = []

    /// Creates a command's description.
    package init(
        name: String, summary: String, discussion: String = "", options: [Option] = [], arguments: [Argument] = []
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.options = options
        self.arguments = arguments
    }

    /// The usage line of `program`'s command, e.g. `tool show ID [--json]`.
    package func usage(program: String) -> String {
        var parts = [program, name]
        parts += arguments.map { $0.takesRest ? "\($0.name)..." : $0.name }
        parts += options.map { "[\($0.label)]\($0.repeatable ? "..." : "")" }
        return parts.joined(separator: " ")
    }
}
