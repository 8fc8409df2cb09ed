import BookingCommandLine
import Foundation
import TestSupport
import Testing

@testable import BookingCLI

/// `booking manual`: a roff page generated from the catalog, rendered by
/// the real groff and man.
@Suite struct ManualTests {
    /// groff's warnings for `page` (all of them, `-ww`), and its exit status.
    static func groffWarnings(_ page: String) async throws -> Booking.Run {
        try await Booking.shell(#"printf '%s' "$PAGE" | groff -man -Tutf8 -ww -z"#, environment: ["PAGE": page])
    }

    /// `page` as `man -l -` shows it, MANWIDTH columns wide, formatting stripped.
    static func rendered(_ page: String, width: Int = 80) async throws -> String {
        let run = try await Booking.shell(
            #"printf '%s' "$PAGE" | man -l - | col -bx"#,
            environment: ["PAGE": page, "MANWIDTH": "\(width)", "MANPAGER": "cat", "LC_ALL": "C.UTF-8"])
        try #require(run.status == 0, "man: \(run.error)")
        #expect(run.error.isEmpty, "man: \(run.error)")
        return run.output
    }

    static func manual() async throws -> String {
        let run = await InProcess.bare(["manual"])
        try #require(run.status == 0, "\(run.error)")
        return run.output
    }

    @Test(ExternalTool.needed("groff"))
    func groffRendersThePageWithoutAWarning() async throws {
        let page = try await Self.manual()
        #expect(page.hasPrefix(".TH BOOKING 1 "))
        let run = try await Self.groffWarnings(page)
        #expect(run.status == 0)
        #expect(run.error.isEmpty, "groff: \(run.error)")
    }

    @Test(ExternalTool.needed("man", "col"))
    func thePageHasEverySectionCommandAndOption() async throws {
        let text = try await Self.rendered(try await Self.manual())
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "GLOBAL OPTIONS", "EXIT STATUS", "ENVIRONMENT",
            "FILES", "EXAMPLES",
        ] {
            #expect(text.contains("\n\(section)\n"), "section \(section)")
        }
        for command in CommandCatalog.commands {
            #expect(text.contains("       \(command.name)"), "command \(command.name)")
            for option in command.options { #expect(text.contains(option.label), "\(command.name) \(option.label)") }
        }
        for option in CommandCatalog.globalOptions + CommandCatalog.programOptions {
            #expect(text.contains(option.label), "\(option.label)")
        }
        for variable in [
            "BOOKING_SERVER", "BOOKING_API_KEY", "BOOKING_LINK_HOST", "NO_COLOR", "XDG_DATA_HOME",
            "BOOKINGKIT_KILL_AT",
        ] {
            #expect(text.contains("       \(variable)"), "\(variable)")
        }
        for file in ["booking.sqlite", "cache.sqlite", "logs/", "sandbox/"] { #expect(text.contains(file), "\(file)") }
        for (code, meaning) in CommandCatalog.exitCodes {
            #expect(text.contains("       \(code.rawValue)      \(meaning.prefix(10))"), "exit \(code)")
        }
        #expect(text.contains("booking " + BookingTool.version))
    }

    @Test(ExternalTool.needed("man", "col"))
    func manWithAWidthOf80ShowsTheExitStatusAndKeepsItsLinesInside() async throws {
        let run = try await Booking.shell(
            #""$BOOKING" manual > "$FILE" && man -l "$FILE" | col -bx; rm -f "$FILE""#,
            environment: [
                "FILE": NSTemporaryDirectory() + "booking-\(UUID()).1",
                "MANWIDTH": "80", "MANPAGER": "cat",
            ])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("EXIT STATUS"))
        let long = run.output.split(separator: "\n").filter { $0.count > 80 }
        #expect(long.isEmpty, "\(long)")
    }

    @Test(ExternalTool.needed("man", "col"))
    func optionsHyphensAreMinusSignsThatCopyAsHyphens() async throws {
        let page = try await Self.manual()
        #expect(page.contains(#"\fB\-\-challenge\fR \fIpass|fail\fR"#))
        #expect(!page.contains("--"), "every option's hyphens escaped")
        #expect(try await Self.rendered(page).contains("--challenge pass|fail"))
    }

    @Test(ExternalTool.needed("groff", "man", "col"))
    func textThatLooksLikeRoffIsPrintedAsItIs() async throws {
        let hostile = CommandSpec(
            name: ".evil", summary: "'quoted \\fB not bold \\\\ and .TH inside",
            discussion: ".SH NOT A SECTION\n'br — café ✓",
            options: [.init("--x", value: ".V", help: ".br then \\e")],
            arguments: [.init("'A", help: "'ap")])
        let page = ManualPage(commands: [hostile], globalOptions: []).text
        let run = try await Self.groffWarnings(page)
        #expect(run.error.isEmpty, "groff: \(run.error)")
        let text = try await Self.rendered(page, width: 200)
        #expect(text.contains("'quoted \\fB not bold \\\\ and .TH inside"), "\(text)")
        #expect(text.contains(".SH NOT A SECTION 'br — café ✓"), "\(text)")
        #expect(text.contains(".br then \\e"), "\(text)")
        #expect(text.contains("'ap"), "\(text)")
        #expect(!text.contains("\nNOT A SECTION"))
    }

    @Test func withJSONThePageIsOneDocument() async throws {
        let run = await InProcess.bare(["manual", "--json"])
        #expect(run.status == 0)
        let document = try run.json()
        #expect(document["format"] as? String == "roff")
        #expect(document["section"] as? Int == 1)
        #expect(document["text"] as? String == (try await Self.manual()))
    }

    @Test(arguments: [["help", "manual"], ["manual", "--help"]])
    func theManualHasItsHelp(_ arguments: [String]) async throws {
        let run = await InProcess.bare(arguments)
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("booking manual: "))
        #expect(run.output.contains("~/.local/share/man/man1/booking.1"))
    }
}
