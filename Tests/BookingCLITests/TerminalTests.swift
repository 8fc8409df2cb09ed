import Foundation
import TestSupport
import Testing

/// What only a terminal shows: the live countdown rewritten in place, and
/// colour (never with NO_COLOR). Run in a pseudo-terminal by `script`.
@Suite(ExternalTool.needed("script"))
struct TerminalTests {
    @Test func theHoldCountdownUpdatesInPlaceUntilTheHoldRunsOut() async throws {
        let sandbox = try await SandboxProcess(["--hold-ttl-ms", "3000"])
        let booking = Booking(server: sandbox.url, label: "cli-pty")
        let offerID = try await booking.firstOfferID()
        let command = (["\"$BOOKING\""] + booking.global + ["hold", offerID]).joined(separator: " ")
        let run = try await Booking.shell("script -qfec '\(command)' /dev/null")
        #expect(run.status == 1, "\(run.output) \(run.error)")
        #expect(run.output.contains("\r  00:02 left to pay") || run.output.contains("\r  00:01 left to pay"))
        #expect(run.output.contains("\u{1B}[K"))
        #expect(run.output.components(separatedBy: "\r  00:0").count > 2, "not rewritten in place: \(run.output)")
        #expect(run.output.contains("Room no longer held"))
        #expect(!run.output.contains("\u{1B}[32m"), "NO_COLOR is set")
    }

    @Test(ExternalTool.needed("pkill"))
    func ctrlCStopsWatchingTheCountdownAndTheRoomStaysHeld() async throws {
        let booking = Booking(label: "cli-pty-interrupt")
        let watching = try await booking.holdWatchingTheCountdown()
        // Ctrl-C on the terminal: SIGINT to the watching `booking`.
        let interrupt = try await Booking.shell(
            "pkill -INT -f \"^$BOOKING \(booking.global.joined(separator: " ")) hold\"")
        #expect(interrupt.status == 0, "no watching booking to interrupt: \(interrupt.error)")
        let run = await Booking.finish(watching)
        #expect(run.status == 0, "\(run.output) \(run.error)")
        #expect(run.output.contains("left to pay"))
        // 15:00 or 14:xx left when the machine is idle; a loaded one may take a minute to get here.
        let stopped = "Stopped watching. The room stays held for "
        let left = run.output.components(separatedBy: stopped).last?.prefix(2)
        #expect(run.output.contains(stopped) && (10...15).contains(left.flatMap { Int($0) } ?? 0), "\(run.output)")
        let status = try await InProcess(sharing: booking).run(["status"])
        #expect(status.status == 0)
        #expect(status.output.contains("HELD"))
    }

    @Test func colourShowsOnATerminalWithoutNoColour() async throws {
        let booking = Booking(label: "cli-colour")
        try await InProcess(sharing: booking).holdAnOffer()
        let command = (["\"$BOOKING\""] + booking.global + ["status"]).joined(separator: " ")
        let coloured = try await Booking.shell("unset NO_COLOR; TERM=xterm script -qfec '\(command)' /dev/null")
        #expect(coloured.output.contains("\u{1B}[32mRoom held\u{1B}[0m"), "\(coloured.output)")
        let plain = try await Booking.shell("NO_COLOR=1 script -qfec '\(command)' /dev/null")
        #expect(plain.output.contains("Room held"))
        #expect(!plain.output.contains("\u{1B}["))
    }
}
