import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// The app and the `booking` command line on one data directory show the
/// same seconds left: one function, one rounding rule
/// (`HoldCountdown.secondsLeft(at:)`, rounded up). Real HTTP over loopback
/// to the sandbox for the hold, a real `booking-cli` process on the app's
/// files for the reading.
@Suite("Seconds left, app and command line")
struct SecondsLeftAgreementTests {
    @Test("booking status prints the seconds left the app shows, read between two of the app's readings")
    func theCommandLineAndTheAppAgree() async throws {
        let cli = try #require(BuiltProducts.executable("booking-cli"), "swift build builds booking-cli")
        let fixture = try ClientFixture()
        await fixture.client.launch()
        try await fixture.client.hold(try await fixture.firstOffer())
        let held = try await fixture.client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(held.stage.kind == .held)

        // The server stopped, so it refuses at once: the launch's settling
        // cannot read the hold again (which would anchor a fresher countdown
        // than the app's), so both show the countdown of the one saved anchor.
        // Its own address: another would be another server's data space.
        let server = fixture.sandbox.server.baseURL.absoluteString
        await fixture.sandbox.stop()
        let before = try #require(fixture.client.secondsLeft(in: held))
        // Waiting for the child blocks: never on the cooperative pool.
        let run = try await onOwnThread {
            ChildProcess.run(
                cli,
                [
                    "status", "--json", "--server", server,
                    "--api-key", "sk_test_test", "--data-dir", fixture.sandbox.clientDirectory,
                ])
        }
        let after = try #require(fixture.client.secondsLeft(in: held))
        #expect(run.status == 0, "\(run.standardError)")

        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let state = try #require(document["state"] as? [String: Any], "\(run.standardOutput)")
        let printed = try #require(state["secondsLeft"] as? Int, "\(state)")
        // Read after `before` and before `after` by the same rule: between them.
        #expect(after <= printed && printed <= before, "app \(before)...\(after), command line \(printed)")
    }
}
