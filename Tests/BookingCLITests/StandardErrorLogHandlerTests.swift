import BookingCLI
import Testing

/// `BOOKING_LOG` picks what reaches stderr; unset, nothing does.
@Suite struct StandardErrorLogHandlerTests {
    private let console = Console(isTerminal: false, usesColour: false)

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
}
