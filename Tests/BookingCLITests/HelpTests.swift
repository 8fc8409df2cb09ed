import BookingCLI
import Foundation
import Testing

@Suite struct HelpTests {
    @Test func theOverviewListsEveryCommandAndTheExitCodes() async throws {
        let run = await InProcess.bare(["--help"])
        #expect(run.status == 0)
        for command in CommandCatalog.commands { #expect(run.output.contains("  \(command.name)")) }
        #expect(run.output.contains("EXIT CODES"))
        #expect(run.error.isEmpty)
    }

    @Test(arguments: CommandCatalog.commands.map(\.name))
    func everyCommandHasItsOwnHelp(_ name: String) async throws {
        let run = await InProcess.bare([name, "--help"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("booking \(name): "))
        #expect(run.output.contains("USAGE: booking \(name)"))
        #expect(run.output.contains("--json"))
    }

    /// Global options before a help ask for the help (they said "unknown command").
    @Test(arguments: [["--json", "--help"], ["--data-dir", "/tmp/bk-help-data", "--help"], ["--json", "-h"]])
    func globalOptionsBeforeTheHelpGiveTheOverview(words: [String]) async throws {
        let run = await InProcess.bare(words)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("EXIT CODES"))
        #expect(run.error.isEmpty)
    }

    @Test func globalOptionsBeforeHelpAndACommandGiveThatCommandsHelp() async throws {
        let run = await InProcess.bare(["--data-dir", "/tmp/bk-help-data", "help", "pay"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasPrefix("booking pay: "))
        let unknown = await InProcess.bare(["--json", "help", "nope"])
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("nope"))
    }

    @Test func outputPipedIntoHeadEndsQuietly() async throws {
        let run = try await Booking.shell(#"set -o pipefail; "$BOOKING" --help | head -1"#)
        #expect(run.status == 0, "stderr: \(run.error)")
        #expect(run.output == "booking: the BookingKit command-line client\n")
        #expect(run.error.isEmpty)
    }

    @Test func aReaderThatLeftBeforeTheOutputIsAQuietExitZero() async throws {
        // `true` exits at once: every write of the diagram meets EPIPE. The
        // cancel flow's diagram: the booking flow's explores 30,000 states,
        // half a CPU-minute in a debug build, for the same writes.
        let run = try await Booking.shell(
            // check-no-sleep: allowed (`sleep 0` waits for nothing: it keeps bash from exec'ing the pipeline)
            #"set -o pipefail; sleep 0; "$BOOKING" diagram --flow cancel --format dot | true; echo "exit $?""#)
        #expect(run.output == "exit 0\n", "stderr: \(run.error)")
        #expect(run.error.isEmpty)
    }

    @Test func theVersionPrints() async throws {
        let run = await InProcess.bare(["--version"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("booking "))
    }
}
