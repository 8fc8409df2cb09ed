extension CompletionScript {
    /// The zsh script: `_<name>` for `compinit` (`#compdef`), built on
    /// `_arguments`: global options, then the command, then that command's
    /// options and arguments from the program.
    var zsh: String {
        let commandEntries = commands.map { "        " + Self.quoted(Self.zshEscaped($0.name, ":") + ":" + $0.summary) }
        let globalSpecs = globalOptions.map { "        " + Self.quoted(Self.zshSpec($0)) }
        let programSpecs = programOptions.map { Self.quoted("(- *)" + Self.zshSpec($0)) }
        var commandCases: [String] = []
        for command in commands + [helpCommand] {
            let specs =
                command.options.map(Self.zshSpec) + [Self.zshSpec(Self.commandHelp)]
                + command.arguments.map(Self.zshSpec)
            commandCases.append(
                """
                        \(Self.quoted(command.name)))
                            _arguments \"${global_options[@]}\" \\
                                \(specs.map(Self.quoted).joined(separator: " \\\n                "))
                            ;;
                """)
        }
        return """
            #compdef \(name)
            \(header(.zsh))
            # Install: \(name) \(command) zsh > ~/.zsh/completions/_\(name), with that
            # directory in $fpath before compinit runs (fpath=(~/.zsh/completions $fpath)).

            _\(name)_commands() {
                local -a commands=(
            \(commandEntries.joined(separator: "\n"))
                )
                _describe -t commands '\(name) command' commands
            }

            _\(name)() {
                local curcontext=$curcontext state line
                local -a global_options=(
            \(globalSpecs.joined(separator: "\n"))
                )
                _arguments -C "${global_options[@]}" \\
                    \(programSpecs.joined(separator: " \\\n        ")) \\
                    '1: :_\(name)_commands' \\
                    '*:: :->command'
                [[ $state == command ]] || return
                curcontext=${curcontext%:*:*}:\(name)-$words[1]:
                case $words[1] in
            \(commandCases.joined(separator: "\n"))
                esac
            }

            if [[ $funcstack[1] == _\(name) ]]; then
                _\(name) "$@"
            else
                compdef _\(name) \(name)
            fi

            """
    }

    /// An `_arguments` spec of an option: `--card=[help]:TOKEN:(words)`.
    private static func zshSpec(_ option: CommandSpec.Option) -> String {
        let description = "[" + zshEscaped(option.help, "[]") + "]"
        guard let valueName = option.valueName else { return option.name + description }
        return (option.repeatable ? "*" : "") + option.name + "=" + description + ":"
            + zshEscaped(valueName, ":") + ":" + zshAction(option.kind)
    }

    /// An `_arguments` spec of an argument: `:LOG:_files`, `*:TEXT: `.
    private static func zshSpec(_ argument: CommandSpec.Argument) -> String {
        (argument.takesRest ? "*" : "") + ":" + zshEscaped(argument.name, ":") + ":" + zshAction(argument.kind)
    }

    /// What `_arguments` does for a value of `kind`.
    private static func zshAction(_ kind: CommandSpec.ValueKind) -> String {
        switch kind {
        case .text: return " "
        case .file: return "_files"
        case .directory: return "_files -/"
        case .oneOf(let words), .suggested(let words):
            return "(" + words.map { zshEscaped($0, "() :") }.joined(separator: " ") + ")"
        }
    }

    /// `text` with a backslash before each of `characters` and each backslash.
    private static func zshEscaped(_ text: String, _ characters: String) -> String {
        var out = ""
        for character in text {
            if character == "\\" || characters.contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
