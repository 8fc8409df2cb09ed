import Foundation

extension CompletionScript {
    /// The fish script: `complete` lines, each command's options and
    /// arguments under a condition naming the command (`__<name>_is list`).
    var fish: String {
        let valueOptions = globalOptions.filter(\.takesValue).map(\.name).joined(separator: " ")
        var lines = commands.map {
            "complete -c \(name) -n __\(name)_needs_command -a \(Self.fishQuoted($0.name)) -d \(Self.fishQuoted($0.summary))"
        }
        lines += (programOptions + globalOptions).map { option in
            let condition = globalOptions.contains { $0.name == option.name } ? "" : " -n __\(name)_needs_command"
            return "complete -c \(name)\(condition)" + Self.fishCompletion(option)
        }
        for command in commands + [helpCommand] {
            let condition = "complete -c \(name) -n " + Self.fishQuoted("__\(name)_is " + command.name)
            lines += (command.options + [Self.commandHelp]).map { condition + Self.fishCompletion($0) }
            lines += command.arguments.compactMap { argument in
                Self.fishValues(argument.kind).map { condition + $0 + " -d " + Self.fishQuoted(argument.help) }
            }
        }
        return """
            \(header(.fish))
            # Install: \(name) \(command) fish > ~/.config/fish/completions/\(name).fish

            # The command among the words typed so far (global options skipped).
            function __\(name)_command
                set -l words (commandline -opc)
                set -e words[1]
                set -l skip 0
                for word in $words
                    if test $skip = 1
                        set skip 0
                    else if contains -- $word \(valueOptions)
                        set skip 1
                    else if not string match -q -- '-*' $word
                        echo $word
                        return 0
                    end
                end
                return 1
            end

            function __\(name)_needs_command
                not __\(name)_command >/dev/null
            end

            function __\(name)_is --argument-names name
                set -l command (__\(name)_command)
                test "$command" = "$name"
            end

            complete -c \(name) -f
            \(lines.joined(separator: "\n"))

            """
    }

    /// ` -l name [-x -a values] -d help` for `option`.
    private static func fishCompletion(_ option: CommandSpec.Option) -> String {
        let name = " -l " + fishQuoted(String(option.name.drop { $0 == "-" }))
        let value: String
        switch (option.takesValue, option.kind) {
        case (false, _): value = ""
        case (true, .file): value = " -r -F"
        case (true, let kind): value = (fishValues(kind) ?? "") + " -x"
        }
        return name + value + " -d " + fishQuoted(option.help)
    }

    /// ` -a words`, ` -F` (files) or ` -a (directories)` for `kind`; nil for any text.
    private static func fishValues(_ kind: CommandSpec.ValueKind) -> String? {
        switch kind {
        case .text: return nil
        case .file: return " -F"
        case .directory: return " -a '(__fish_complete_directories (commandline -ct))'"
        case .oneOf(let words), .suggested(let words): return " -a " + fishQuoted(words.joined(separator: " "))
        }
    }

    /// `text` in single quotes for fish (which escapes `\` and `'` inside them).
    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
