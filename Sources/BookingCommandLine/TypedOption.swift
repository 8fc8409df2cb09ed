/// One `--option` of a command, declared once: its name, its value's
/// placeholder and type, its default or that it is required, and its help.
/// The command's `CommandSpec` lists `spec` (so `--help`, the manual and the
/// completions show it), and the command reads the typed value with
/// `CommandInput`. The help says "(required)" or "(default ...)" from the
/// declaration itself.
package struct TypedOption<Value: Sendable>: Sendable {
    /// The option as the parser, the help, the manual and the completions see it.
    package let spec: CommandSpec.Option
    /// The typed value from a parsed command line (of the command named by the second argument).
    package let read: @Sendable (ParsedCommand, String) throws(UsageError) -> Value

    /// An option from its description and its read.
    package init(
        spec: CommandSpec.Option, read: @escaping @Sendable (ParsedCommand, String) throws(UsageError) -> Value
    ) {
        self.spec = spec
        self.read = read
    }
}

extension TypedOption where Value == Bool {
    /// A flag: true when given.
    package static func flag(_ name: String, help: String) -> Self {
        Self(spec: CommandSpec.Option(name, help: help)) { parsed, _ in parsed.has(name) }
    }
}

extension TypedOption {
    /// An option that must be given; a command line without it is refused
    /// with a message naming it.
    package static func required(_ name: String, _ parser: ValueParser<Value>, value: String, help: String) -> Self {
        let spec = CommandSpec.Option(name, value: value, kind: parser.kind, help: help + " (required)")
        return Self(spec: spec) { (parsed, command) throws(UsageError) in
            guard let text = parsed.value(name) else { throw .missingOption(command: command, option: spec.label) }
            return try parser.parse(text, name)
        }
    }

    /// An option with a default, which the help shows (`shown`, else the value).
    package static func defaulted(
        _ name: String, _ parser: ValueParser<Value>, default fallback: Value, shown: String? = nil,
        value: String? = nil, help: String
    ) -> Self {
        let spec = CommandSpec.Option(
            name, value: value, kind: parser.kind, help: help + " (default \(shown ?? "\(fallback)"))")
        return Self(spec: spec) { (parsed, _) throws(UsageError) in
            guard let text = parsed.value(name) else { return fallback }
            return try parser.parse(text, name)
        }
    }

    /// An option that may be left out (nil then).
    package static func optional<Wrapped>(
        _ name: String, _ parser: ValueParser<Wrapped>, value: String? = nil, help: String
    ) -> Self where Value == Wrapped? {
        Self(spec: CommandSpec.Option(name, value: value, kind: parser.kind, help: help)) {
            (parsed, _) throws(UsageError) in
            guard let text = parsed.value(name) else { return nil }
            return try parser.parse(text, name)
        }
    }
}

extension TypedOption {
    /// An option that may be given any number of times: its values in the
    /// order given (none when left out).
    package static func repeated<Element>(
        _ name: String, _ parser: ValueParser<Element>, value: String, help: String
    ) -> Self where Value == [Element] {
        Self(spec: CommandSpec.Option(name, value: value, kind: parser.kind, help: help, repeatable: true)) {
            (parsed, _) throws(UsageError) in
            var values: [Element] = []
            for text in parsed.values[name] ?? [] { values.append(try parser.parse(text, name)) }
            return values
        }
    }
}

/// One positional argument of a command, declared once like `TypedOption`.
package struct TypedArgument<Value: Sendable>: Sendable {
    /// The argument as the parser, the help and the completions see it.
    package let spec: CommandSpec.Argument
    /// Its check.
    package let parser: ValueParser<Value>

    /// An argument; `takesRest` joins the remaining words into it.
    package init(_ name: String, _ parser: ValueParser<Value>, help: String, takesRest: Bool = false) {
        spec = CommandSpec.Argument(name, kind: parser.kind, help: help, takesRest: takesRest)
        self.parser = parser
    }
}

/// A parsed command line as its command reads it: typed values by declaration.
package struct CommandInput: Sendable {
    /// The words, split.
    package let parsed: ParsedCommand
    /// The command's description (for its arguments' positions).
    package let spec: CommandSpec

    /// The input of `parsed`, split by `spec`.
    package init(parsed: ParsedCommand, spec: CommandSpec) {
        self.parsed = parsed
        self.spec = spec
    }

    /// The value of `option`.
    package func callAsFunction<Value>(_ option: TypedOption<Value>) throws(UsageError) -> Value {
        try option.read(parsed, spec.name)
    }

    /// The value of `argument` (the parser has checked that every argument is there).
    package func callAsFunction<Value>(_ argument: TypedArgument<Value>) throws(UsageError) -> Value {
        guard let index = spec.arguments.firstIndex(where: { $0.name == argument.spec.name }),
            index < parsed.arguments.count
        else { throw .missingArgument(command: spec.name, argument: argument.spec.name) }
        return try argument.parser.parse(parsed.arguments[index], argument.spec.name)
    }
}
