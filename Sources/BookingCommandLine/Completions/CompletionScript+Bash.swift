extension CompletionScript {
    /// The bash script: `_<name>`, registered with `complete -F`. It finds
    /// the command among the words typed, then offers what comes next from
    /// tables generated from the program: options, an option's value, or
    /// the next argument.
    var bash: String {
        let everyCommand = commands + [helpCommand]
        var valueCases: [String] = []
        for command in everyCommand {
            for option in command.options where option.takesValue {
                valueCases.append(
                    "        \(Self.quoted("\(command.name) \(option.name)"))) echo \(Self.bashKind(option.kind)) ;;")
            }
        }
        // A global option, before the command or after it.
        for option in globalOptions where option.takesValue {
            valueCases.append("        *\(Self.quoted(" \(option.name)"))) echo \(Self.bashKind(option.kind)) ;;")
        }
        var argumentCases: [String] = []
        for command in everyCommand {
            for (position, argument) in command.arguments.enumerated() {
                let key =
                    argument.takesRest
                    ? "\(Self.quoted(command.name + " "))*" : Self.quoted("\(command.name) \(position)")
                argumentCases.append("        \(key)) echo \(Self.bashKind(argument.kind)) ;;")
            }
        }
        var optionCases = ["        '') echo \(Self.quoted(words(programOptions))) ;;"]
        optionCases += everyCommand.map {
            "        \(Self.quoted($0.name))) echo \(Self.quoted(words($0.options + [Self.commandHelp]))) ;;"
        }
        let topLevel = Self.quoted("words " + (commands.map(\.name) + [program.helpWord]).joined(separator: " "))
        return """
            \(header(.bash))
            # Install: \(name) \(command) bash > ~/.local/share/bash-completion/completions/\(name)
            # or, for this shell only: source <(\(name) \(command) bash)

            # What the option $2 takes after the command $1 ('' before any command):
            # flag, text, file, directory, or "words" and the words to offer.
            _\(name)_value_kind() {
                case "$1 $2" in
            \(valueCases.joined(separator: "\n"))
                    *) echo flag ;;
                esac
            }

            # What the argument at position $2 (from 0) of the command $1 takes.
            _\(name)_argument_kind() {
                case "$1 $2" in
            \(argumentCases.joined(separator: "\n"))
                    *) echo text ;;
                esac
            }

            # The options of the command $1 ('' before any command).
            _\(name)_options() {
                case "$1" in
            \(optionCases.joined(separator: "\n"))
                esac
                echo \(Self.quoted(words(globalOptions)))
            }

            # Sets COMPREPLY to what the kind $2 offers for the word $1.
            _\(name)_reply() {
                local line
                local -a generate
                COMPREPLY=()
                case "$2" in
                    file) compopt -o filenames 2>/dev/null; generate=(-f) ;;
                    directory) compopt -o filenames 2>/dev/null; generate=(-d) ;;
                    words\\ *) generate=(-W "${2#words }") ;;
                    *) return 0 ;;
                esac
                while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen "${generate[@]}" -- "$1")
            }

            _\(name)() {
                local cur=${COMP_WORDS[COMP_CWORD]} command='' position=0 index=1 word option kind
                # Bash splits `--format=dot` into `--format`, `=`, `dot`.
                while ((index < COMP_CWORD)); do
                    word=${COMP_WORDS[index]}
                    if [[ $word == -* ]]; then
                        kind=$(_\(name)_value_kind "$command" "$word")
                        [[ $kind != flag ]] && index=$((index + 1))
                        [[ $kind != flag && ${COMP_WORDS[index]} == = ]] && index=$((index + 1))
                    elif [[ -z $command ]]; then
                        command=$word
                    else
                        position=$((position + 1))
                    fi
                    index=$((index + 1))
                done
                option=${COMP_WORDS[COMP_CWORD-1]}
                [[ $option == = && $COMP_CWORD -gt 2 ]] && option=${COMP_WORDS[COMP_CWORD-2]}
                if ((index > COMP_CWORD)) && [[ $option == -* ]]; then
                    _\(name)_reply "$cur" "$(_\(name)_value_kind "$command" "$option")"
                elif [[ $cur == -* ]]; then
                    _\(name)_reply "$cur" "words $(_\(name)_options "$command")"
                elif [[ -z $command ]]; then
                    _\(name)_reply "$cur" \(topLevel)
                else
                    _\(name)_reply "$cur" "$(_\(name)_argument_kind "$command" "$position")"
                fi
            }

            complete -F _\(name) \(name)

            """
    }

    /// The options' names, separated by spaces.
    private func words(_ options: [CommandSpec.Option]) -> String {
        options.map(\.name).joined(separator: " ")
    }

    /// A kind as the script's tables name it, quoted.
    private static func bashKind(_ kind: CommandSpec.ValueKind) -> String {
        switch kind {
        case .text: return "text"
        case .file: return "file"
        case .directory: return "directory"
        case .oneOf(let words), .suggested(let words): return quoted("words " + words.joined(separator: " "))
        }
    }
}
