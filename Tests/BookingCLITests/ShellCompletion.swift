import Foundation
import TestSupport
import Testing

/// Asks the real shells what they complete for a `booking` command line,
/// with the script `booking completions <shell>` prints loaded.
enum ShellCompletion {
    /// What bash's completion of `booking <words>` offers: the script is
    /// sourced, the function `complete -p booking` names is called with
    /// `COMP_WORDS` and `COMP_CWORD` as bash sets them (the last word is the
    /// one being completed; bash splits `--format=` into `--format`, `=`).
    static func bash(_ words: [String], in directory: String = "/") async throws -> [String] {
        let quoted = (["booking"] + words).map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        let run = try await Booking.shell(
            """
            source <("$BOOKING" completions bash) || exit 9
            function=$(complete -p booking | sed -E 's/.*-F ([^ ]+) .*/\\1/')
            cd '\(directory)' || exit 9
            COMP_WORDS=(\(quoted.joined(separator: " ")))
            COMP_CWORD=\(words.count)
            COMP_LINE="${COMP_WORDS[*]}"
            COMP_POINT=${#COMP_LINE}
            "$function" booking "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """)
        try #require(run.status == 0, "bash: \(run.error)")
        #expect(run.error.isEmpty, "bash: \(run.error)")
        return run.output.split(separator: "\n").map(String.init).sorted()
    }

    /// What fish's `complete -C` offers for the command line `line`.
    static func fish(_ line: String) async throws -> [String] {
        let run = try await Booking.shell(
            #"fish --no-config -c '$BOOKING completions fish | source; complete -C $LINE'"#,
            environment: ["LINE": line])
        try #require(run.status == 0, "fish: \(run.error)")
        #expect(run.error.isEmpty, "fish: \(run.error)")
        return run.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
    }

    /// What zsh's completion of `line` offers: an interactive zsh in a
    /// pseudo-terminal (`zpty`) with `compinit`, the script and a `compadd`
    /// that also writes each match to a file, is sent `line` and a tab.
    static func zsh(_ line: String) async throws -> [String] {
        let scratch = TemporaryDirectory("cli-zsh")
        try zshSetup.write(toFile: scratch.file("setup.zsh"), atomically: true, encoding: .utf8)
        try zshDriver.write(toFile: scratch.file("drive.zsh"), atomically: true, encoding: .utf8)
        let run = try await Booking.shell(
            #""$BOOKING" completions zsh > "$SCRIPT" && zsh -f "$DRIVER""#,
            environment: [
                "SCRIPT": scratch.file("_booking"), "SETUP": scratch.file("setup.zsh"),
                "DRIVER": scratch.file("drive.zsh"), "OUT": scratch.file("matches"), "LINE": line,
            ])
        try #require(run.status == 0, "zsh: \(run.output) \(run.error)")
        return run.output.split(separator: "\n").map(String.init).sorted()
    }

    private static let zshSetup = #"""
        autoload -Uz compinit && compinit -u -D
        source $SCRIPT
        compadd() {
            if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
            local -a hits
            builtin compadd -A hits "$@"
            (( $#hits )) && print -rl -- $hits >> $OUT
            builtin compadd "$@"
        }
        finished() { print -r -- '<done>' >> $OUT }
        comppostfuncs=(finished)
        bindkey '^I' complete-word
        """#

    private static let zshDriver = #"""
        zmodload zsh/zpty
        zpty z 'zsh -f -i'
        zpty -w z "source $SETUP"
        zpty -w -n z "$LINE"$'\t'
        # check-no-sleep: allowed (the pause between two checks of a condition)
        repeat 300 { [[ -f $OUT ]] && grep -q '<done>' $OUT && break; sleep 0.1 }
        zpty -d z
        grep -q '<done>' $OUT || { print -u2 'zsh did not complete'; exit 1 }
        grep -v '<done>' $OUT
        """#
}
