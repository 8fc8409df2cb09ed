import BookingStore
import Foundation
import Testing

/// `booking sandbox --key-lifetime S` publishes S on its answers, and a
/// `booking` run against it keeps the value with its attempts.
@Suite struct SandboxKeyLifetimeTests {
    @Test func aHoldAgainstASandboxWithATenMinuteLifetimeSavesIt() async throws {
        let sandbox = try await SandboxProcess(["--key-lifetime", "600"])
        let booking = Booking(server: sandbox.url, label: "cli-key-lifetime")
        _ = try await booking.holdAnOffer()
        let database = try BookingDatabase(directory: booking.directory.file("data"), access: .readOnly)
        #expect(try database.keyLifetimes.seconds(server: sandbox.url) == 600)
    }

    @Test func aLifetimeOutsideOneSecondToThirtyDaysIsRefusedBeforeAnyWork() async throws {
        let booking = InProcess(server: "http://127.0.0.1:9", label: "cli-key-lifetime-bad")
        let run = try await booking.run(["sandbox", "--key-lifetime", "0"])
        #expect(run.status == 2)
        #expect(run.error == "booking: invalid value '0' for --key-lifetime: not a whole number from 1 to 2592000\n")
    }
}
