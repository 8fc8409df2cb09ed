import Foundation
import Testing

/// Commands as types: each option is declared once, read typed and checked
/// in one place; bad input is exit 2 with one line that names the option,
/// and the help, the manual and the completions show the same declarations.
@Suite struct TypedOptionTests {
    static let stay = ["--place", "plc_lisbon", "--check-in", Booking.date(20), "--check-out", Booking.date(22)]

    @Test func aMissingRequiredOptionSaysWhichOne() async throws {
        let run = await InProcess.bare(["offers", "--place", "plc_lisbon", "--check-in", Booking.date(20)])
        #expect(run.status == 2)
        #expect(run.error == "booking: `booking offers` needs --check-out DATE; run `booking offers --help`\n")
        #expect(run.output.isEmpty)
    }

    @Test(arguments: [
        (["--guests", "2", "--stars", "6"], "invalid value '6' for --stars"),
        (["--guests", "2", "--stars", "x"], "invalid value 'x' for --stars"),
        (["--guests", "2", "--min-price", "-1"], "invalid value '-1' for --min-price"),
        (
            ["--guests", "2", "--min-price", "50000", "--max-price", "100"],
            "for --max-price: must not be below --min-price"
        ),
        (["--guests", "2", "--free-cancellation=yes"], "it is a flag and takes no value"),
        (["--guests", "9"], "invalid value '9' for --guests"),
    ])
    func aFilterOutOfRangeIsUsageAndSendsNothing(extra: [String], message: String) async throws {
        let booking = InProcess(server: "http://127.0.0.1:9", label: "cli-filters")
        let run = try await booking.run(["offers"] + Self.stay + extra)
        #expect(run.status == 2, "\(extra): \(run.error)")
        #expect(run.errorLines.count == 1)
        #expect(run.error.contains(message), "\(run.error)")
        // Refused before any work: not even the data directory was made.
        #expect(!FileManager.default.fileExists(atPath: booking.dataDirectory))
    }

    @Test func theNewOptionsAreInTheHelpTheManualAndTheCompletionsFromOneDeclaration() async throws {
        let help = await InProcess.bare(["offers", "--help"])
        #expect(help.output.contains("--stars N"))
        #expect(help.output.contains("--free-cancellation"))
        #expect(help.output.contains("--place PLACE_ID"), "\(help.output)")
        #expect(help.output.contains("(required)"))
        let manual = await InProcess.bare(["manual"]).output
        #expect(manual.contains("accept\\-new\\-price") || manual.contains("accept-new-price"))
        for shell in ["bash", "zsh", "fish"] {
            let script = await InProcess.bare(["completions", shell]).output
            #expect(script.contains("accept-new-price"), "\(shell)")
            #expect(script.contains("max-price"), "\(shell)")
        }
    }

    @Test func anAcceptWithNoChangedPriceIsUsageAndHoldsNothing() async throws {
        let booking = InProcess(label: "cli-accept")
        let id = try await booking.firstOfferID()
        let run = try await booking.run(["hold", id, "--accept-new-price"])
        #expect(run.status == 2)
        #expect(run.error.contains("there is no changed price to accept for offer \(id)"), "\(run.error)")
        let status = try await booking.run(["status", "--json"])
        #expect(!status.output.contains(id), "\(status.output)")
    }

    @Test(arguments: [
        (["trip"], "`booking trip` needs BOOKING_ID; run `booking trip --help`"),
        (["cancel"], "`booking cancel` needs BOOKING_ID; run `booking cancel --help`"),
        (["trips", "--refresh=yes"], "invalid value 'yes' for --refresh: it is a flag and takes no value"),
        (["sandbox", "--seed", "-1"], "invalid value '-1' for --seed: not a whole number from 0"),
        (
            ["sandbox", "--hold-ttl-ms", "0"],
            "invalid value '0' for --hold-ttl-ms: not a whole number from 1 to 86400000"
        ),
        (
            ["sandbox", "--fault-rate", "unavailable=0.1", "--fault-rate", "unavailable=2"],
            "invalid value '2' for --fault-rate: not a number from 0.0 to 1.0"
        ),
    ])
    func theViewerCancelAndSandboxCommandsCheckTheirDeclaredInputsBeforeAnyWork(
        arguments: [String], message: String
    ) async throws {
        let booking = InProcess(server: "http://127.0.0.1:9", label: "cli-typed")
        let run = try await booking.run(arguments)
        #expect(run.status == 2, "\(arguments): \(run.error)")
        #expect(run.error == "booking: " + message + "\n")
        #expect(run.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: booking.dataDirectory))
    }
}
