import BookingCLI
import Foundation
import TestSupport
import Testing

/// `booking completions bash|zsh|fish`: scripts generated from the catalog,
/// loaded into the real shells and asked to complete.
@Suite struct CompletionTests {
    @Test(arguments: [
        (["ho"], ["hold", "holds"]),
        (["tri"], ["trip", "trips"]),
        (["pay", "--c"], ["--card", "--challenge"]),
        (["pay", "--challenge", ""], ["fail", "pass"]),
        (["pay", "--challenge", "p"], ["pass"]),
        (["diagram", "--format", "=", ""], ["dot", "mermaid", "table"]),
        (["pay", "--card", "tok_t"], ["tok_threeDSecureRequired"]),
        (["--data-dir", "/tmp", "--json", "ca"], ["cancel"]),
        (["help", "o"], ["offers", "open"]),
        (["completions", ""], ["bash", "fish", "zsh"]),
        (["--v"], ["--version"]),
        (["pay", "--challenge", "pass", ""], []),
        (["offers", "--guests", ""], []),
    ])
    func bashCompletesCommandsOptionsAndChoices(_ words: [String], _ expected: [String]) async throws {
        #expect(try await ShellCompletion.bash(words) == expected, "booking \(words.joined(separator: " "))")
    }

    @Test func bashOffersEveryCommandAndHelpFirst() async throws {
        let expected = (CommandCatalog.commands.map(\.name) + ["help"]).sorted()
        #expect(try await ShellCompletion.bash([""]) == expected)
    }

    @Test(arguments: CommandCatalog.commands.map(\.name))
    func bashOffersEachCommandsOwnOptionsTheGlobalOnesAndHelp(_ name: String) async throws {
        let spec = try #require(CommandCatalog.parser.command(named: name))
        let expected = (spec.options + CommandCatalog.globalOptions).map(\.name) + ["--help"]
        #expect(try await ShellCompletion.bash([name, "--"]) == expected.sorted())
    }

    @Test func bashCompletesFilesForAnEventLogAndDirectoriesForTheDataDirectory() async throws {
        let scratch = TemporaryDirectory("cli-completion")
        try Data().write(to: URL(fileURLWithPath: scratch.file("run-pay.jsonl")))
        try FileManager.default.createDirectory(atPath: scratch.file("run-data"), withIntermediateDirectories: true)
        #expect(try await ShellCompletion.bash(["replay", "run-"], in: scratch.path) == ["run-data", "run-pay.jsonl"])
        #expect(try await ShellCompletion.bash(["--data-dir", "run-"], in: scratch.path) == ["run-data"])
    }

    /// Command lines and what zsh and fish complete for them.
    static let lines: [(String, [String])] = [
        ("booking ho", ["hold", "holds"]),
        ("booking pay --c", ["--card", "--challenge"]),
        ("booking pay --challenge ", ["fail", "pass"]),
        ("booking --json diagram --format ", ["dot", "mermaid", "table"]),
        ("booking help o", ["offers", "open"]),
        ("booking completions ", ["bash", "fish", "zsh"]),
    ]

    @Test(ExternalTool.needed("fish"), arguments: lines)
    func fishCompletesCommandsOptionsAndChoices(_ line: String, _ expected: [String]) async throws {
        #expect(try await ShellCompletion.fish(line) == expected, "\(line)")
    }

    @Test(ExternalTool.needed("zsh"), arguments: lines + [("booking diagram --format=", ["dot", "mermaid", "table"])])
    func zshCompletesCommandsOptionsAndChoices(_ line: String, _ expected: [String]) async throws {
        #expect(try await ShellCompletion.zsh(line) == expected, "\(line)")
    }

    @Test func theBashScriptParsesInBash() async throws {
        try await Self.expectParses(shell: "bash", check: "-n")
    }

    @Test(ExternalTool.needed("zsh"))
    func theZshScriptParsesInZsh() async throws {
        try await Self.expectParses(shell: "zsh", check: "-n")
    }

    @Test(ExternalTool.needed("fish"))
    func theFishScriptParsesInFish() async throws {
        try await Self.expectParses(shell: "fish", check: "--no-execute")
    }

    /// `booking completions <shell> | <shell> <check>` succeeds and says nothing.
    static func expectParses(
        shell: String, check: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let run = try await Booking.shell(
            #""$BOOKING" completions "$SHELL_NAME" | "$SHELL_NAME" "$CHECK""#,
            environment: ["SHELL_NAME": shell, "CHECK": check])
        #expect(run.status == 0, "\(shell): \(run.error)", sourceLocation: sourceLocation)
        #expect(run.error.isEmpty, "\(shell): \(run.error)", sourceLocation: sourceLocation)
    }

    @Test(ExternalTool.needed("zsh"))
    func zshFindsTheScriptInFpathAsTheReadmeInstallsIt() async throws {
        let scratch = TemporaryDirectory("cli-zsh-fpath")
        let run = try await Booking.shell(
            #"""
            "$BOOKING" completions zsh > "$DIRECTORY/_booking" &&
            zsh -f -c 'fpath=($DIRECTORY $fpath); autoload -Uz compinit && compinit -u -D && print -r -- $_comps[booking]'
            """#, environment: ["DIRECTORY": scratch.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == "_booking\n", "\(run.output) \(run.error)")
    }

    @Test func theZshScriptNamesEveryCommandAndEachCommandsOptions() async throws {
        let script = await InProcess.bare(["completions", "zsh"]).output
        #expect(script.hasPrefix("#compdef booking\n"))
        for command in CommandCatalog.commands {
            #expect(script.contains("'\(command.name):"), "\(command.name)")
            for option in command.options {
                #expect(
                    script.contains(option.name + (option.takesValue ? "=[" : "[")), "\(command.name) \(option.name)")
            }
        }
        #expect(script.contains(":pass|fail:(pass fail)'"))
        #expect(script.contains(":LOG:_files'"))
    }

    @Test(arguments: [["completions", "tcsh"], ["completions"], ["completions", "bash", "zsh"]])
    func aShellThatIsNotBashZshOrFishIsAUsageError(_ arguments: [String]) async throws {
        let run = await InProcess.bare(arguments)
        #expect(run.status == 2, "\(arguments): \(run.error)")
        #expect(run.errorLines.count == 1)
        #expect(run.output.isEmpty)
    }

    @Test(arguments: [["help", "completions"], ["completions", "--help"], ["completions", "-h"]])
    func completionsHaveTheirHelp(_ arguments: [String]) async throws {
        let run = await InProcess.bare(arguments)
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("booking completions: "))
        #expect(run.output.contains("USAGE: booking completions SHELL"))
        #expect(run.output.contains("bash, zsh, fish"))
    }

    @Test func withJSONTheScriptIsOneDocument() async throws {
        let script = await InProcess.bare(["completions", "fish"]).output
        let run = await InProcess.bare(["completions", "fish", "--json"])
        #expect(run.status == 0)
        let document = try run.json()
        #expect(document["shell"] as? String == "fish")
        #expect(document["text"] as? String == script)
    }

    @Test func theOverviewListsCompletions() async throws {
        let run = await InProcess.bare(["--help"])
        #expect(run.output.contains("  completions  print a completion script"))
    }
}
