// booking: the BookingKit command-line client. Everything is in BookingCLI
// (testable); this file only runs it and exits with its code.
import BookingCLI
import Foundation

let code = await BookingTool.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
Platform.exit(code.rawValue)
