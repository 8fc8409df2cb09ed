// booking: the BookingKit command-line client. `booking trips` and
// `booking trip ID` are answered here, by a program that links no
// networking and starts no sandbox (the device's copy at the speed of a
// database read); every other command, and the refresh after the copy,
// is the full CLI's (`booking-cli`, built and installed next to this).
import BookingViewer
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch LeanViewer.run(arguments: arguments, environment: ProcessInfo.processInfo.environment) {
case .exit(let code):
    exit(code)
case .handOver(let shown):
    exit(LeanViewer.handOver(arguments: arguments, shown: shown))
}
