/// Splits `argv` into a command, options and arguments, driven by the
/// commands' specs. Strict: unknown commands and options, missing values and
/// extra arguments are errors, never ignored.
///
/// Accepted forms: `--name value`, `--name=value`, flags `--name`, `--` to
/// end options, global options anywhere, `-h`/`--help`, `--version` (with
/// only the program's `versionFlags`). A value of a `.oneOf` kind must be one
/// of its words.
package struct CommandLineParser: Sendable {
    /// The program whose words it parses.
    package let program: Program

    /// Creates a parser.
    package init(program: Program) {
        self.program = program
    }

    /// The commands.
    package var commands: [CommandSpec] { program.commands }
    /// Options every command takes (`--json`, ...).
    package var globalOptions: [CommandSpec.Option] { program.globalOptions }

    /// What the words ask for.
    package enum Request: Equatable, Sendable {
        /// Run a command.
        case run(ParsedCommand)
        /// Print the overall help, or one command's.
        case help(command: String?)
        /// Print the version.
        case version
    }

    /// Parses the words after the program name.
    package func parse(_ words: [String]) throws(UsageError) -> Request {
        guard let first = words.first else { throw .missingCommand }
        if first == "--help" || first == "-h" { return .help(command: nil) }
        if first == program.helpWord { return try help(after: words.dropFirst()) }
        if words.first(where: { !program.versionFlags.contains($0) }) == "--version" {
            let versionWords = program.versionFlags.union(["--version"])
            if let other = words.first(where: { !versionWords.contains($0) }) {
                throw .unexpectedArgument(command: "--version", argument: other)
            }
            return .version
        }
        // Global options may come before the command, and before a help
        // (`--data-dir X --help`, `--json help pay`).
        var index = 0
        var parsed = ParsedCommand(command: "", values: [:], flags: [], arguments: [])
        while index < words.count, words[index].hasPrefix("-"), words[index] != "--" {
            if words[index] == "--help" || words[index] == "-h" { return .help(command: nil) }
            try take(words, at: &index, options: globalOptions, into: &parsed, command: nil)
        }
        guard index < words.count else { throw .missingCommand }
        if words[index] == program.helpWord { return try help(after: words[(index + 1)...]) }
        let name = words[index]
        guard let spec = command(named: name) else { throw .unknownCommand(name) }
        parsed.command = name
        index += 1
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            if !optionsEnded && (word == "--help" || word == "-h") { return .help(command: name) }
            if !optionsEnded && word == "--" {
                optionsEnded = true
                index += 1
            } else if !optionsEnded && word.hasPrefix("-") && word.count > 1 && !Self.isNegativeNumber(word) {
                try take(words, at: &index, options: spec.options + globalOptions, into: &parsed, command: name)
            } else {
                parsed.arguments.append(word)
                index += 1
            }
        }
        try checkArguments(&parsed, spec: spec)
        return .run(parsed)
    }

    /// `help` and the words after it: the overall help, or the named command's.
    private func help(after words: ArraySlice<String>) throws(UsageError) -> Request {
        guard let name = words.first else { return .help(command: nil) }
        guard command(named: name) != nil else { throw .unknownCommand(name) }
        return .help(command: name)
    }

    /// The spec of the command called `name`.
    package func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    private func take(
        _ words: [String], at index: inout Int, options: [CommandSpec.Option], into parsed: inout ParsedCommand,
        command: String?
    ) throws(UsageError) {
        let word = words[index]
        let (name, inlineValue): (String, String?) = {
            guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
            return (String(word[..<equals]), String(word[word.index(after: equals)...]))
        }()
        guard let option = options.first(where: { $0.name == name }) else {
            if let command { throw .unknownOption(command: command, option: name) }
            throw .unknownCommand(name)
        }
        index += 1
        guard option.valueName != nil else {
            if inlineValue != nil {
                throw .invalidValue(option: name, value: inlineValue ?? "", reason: "it is a flag and takes no value")
            }
            parsed.flags.insert(name)
            return
        }
        let value: String
        if let inlineValue {
            value = inlineValue
        } else {
            guard index < words.count, !words[index].hasPrefix("--") else { throw .missingValue(option: name) }
            value = words[index]
            index += 1
        }
        if !option.repeatable && parsed.values[name] != nil { throw .repeatedOption(name) }
        try Self.check(value, of: option.kind, name: name)
        parsed.values[name, default: []].append(value)
    }

    private func checkArguments(_ parsed: inout ParsedCommand, spec: CommandSpec) throws(UsageError) {
        if let last = spec.arguments.last, last.takesRest, parsed.arguments.count >= spec.arguments.count {
            let fixed = spec.arguments.count - 1
            let rest = parsed.arguments[fixed...].joined(separator: " ")
            parsed.arguments = Array(parsed.arguments[..<fixed]) + [rest]
        }
        if parsed.arguments.count < spec.arguments.count {
            throw .missingArgument(command: spec.name, argument: spec.arguments[parsed.arguments.count].name)
        }
        if parsed.arguments.count > spec.arguments.count {
            throw .unexpectedArgument(command: spec.name, argument: parsed.arguments[spec.arguments.count])
        }
        for (argument, value) in zip(spec.arguments, parsed.arguments) {
            try Self.check(value, of: argument.kind, name: argument.name)
        }
    }

    /// A `.oneOf` value must be one of its words; other kinds are checked
    /// by the command that reads them.
    private static func check(_ value: String, of kind: CommandSpec.ValueKind, name: String) throws(UsageError) {
        guard case .oneOf(let words) = kind else { return }
        _ = try Validate.choice(value, option: name, words)
    }

    private static func isNegativeNumber(_ word: String) -> Bool {
        word.count > 1 && word.hasPrefix("-") && word.dropFirst().allSatisfy(\.isNumber)
    }
}
