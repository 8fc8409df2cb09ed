import BookingCLI
import Foundation
import Testing

/// `BOOKING_LOG` picks what reaches stderr; unset, nothing does.
@Suite struct StandardErrorLogHandlerTests {
    /// The note a bad value gets goes to a recording, not the test process's stderr.
    private let console = Console(isTerminal: false, usesColour: false, sink: RecordingConsole().sink)

    private func least(_ environment: [String: String]) -> String? {
        (StandardErrorLogHandler.from(environment: environment, console: console) as? StandardErrorLogHandler)?
            .minimum.description
    }

    @Test func unsetOrEmptyLogsNothing() {
        #expect(least([:]) == nil)
        #expect(least(["BOOKING_LOG": ""]) == nil)
    }

    @Test(arguments: [("debug", "debug"), ("INFO", "info"), ("warning", "warning"), ("error", "error")])
    func eachLevelNameSetsTheLeastLevelWritten(value: String, level: String) {
        #expect(least(["BOOKING_LOG": value]) == level)
    }

    @Test func aValueThatNamesNoLevelLogsWarningsAndErrors() {
        #expect(least(["BOOKING_LOG": "loud"]) == "warning")
    }

    @Test func aValueThatNamesNoLevelIsSaidOnStderrOnceAndTheCommandGoesOn() async throws {
        var booking = InProcess(label: "cli-log-level")
        booking.environment["BOOKING_LOG"] = "loud\u{1B}[2J"
        let run = try await booking.run(["status"])
        #expect(run.status == 0, "\(run.error)")
        let note =
            "booking: BOOKING_LOG=loud\\u{1b}[2J is not one of debug, info, warning, error; logging warnings and errors"
        #expect(run.errorLines.filter { $0 == note }.count == 1, "\(run.error)")
    }
}
