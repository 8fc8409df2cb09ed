// booking-cli: the full BookingKit command-line client, run by `booking`
// for every command the lean viewer does not answer itself. Everything is
// in BookingCLI (testable); this file only runs it and exits with its code.
import BookingCLI
import Foundation

let code = await BookingTool.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
Platform.exit(code.rawValue)
