import Foundation
import TestSupport
import Testing

/// Several `booking` runs on one data directory, as a user with two
/// terminals (or the reconciliation job beside the CLI) has: one room is
/// held at a time, every run says which room and price it acts on, and a
/// run never announces an outcome the saved attempt contradicts.
@Suite struct SharedDataDirectoryTests {
    @Test func aSecondHoldReplacesTheFirstAndPaySaysWhichRoomAndPriceItPays() async throws {
        let booking = InProcess(label: "cli-two-holds")
        let offers = try await booking.offers()
        let first = try #require(offers[0]["offerId"] as? String)
        let second = try #require(offers[1]["offerId"] as? String)
        let firstHotel = try #require(offers[0]["propertyName"] as? String)
        let secondHotel = try #require(offers[1]["propertyName"] as? String)
        let secondRoom = try #require(offers[1]["roomName"] as? String)
        let secondPrice = try #require((offers[1]["price"] as? [String: Any])?["total"] as? [String: Any])
        let formatted = try #require(secondPrice["formatted"] as? String)

        #expect(try await booking.run(["hold", first, "--no-wait"]).status == 0)
        let replacing = try await booking.run(["hold", second, "--no-wait"])
        #expect(replacing.status == 0, "\(replacing.output) \(replacing.error)")
        #expect(replacing.output.contains("This replaces your unpaid hold on \(firstHotel)"), "\(replacing.output)")

        let pay = try await booking.run(["pay"])
        #expect(pay.status == 0, "\(pay.output) \(pay.error)")
        #expect(pay.output.contains("Paying for \(secondHotel), \(secondRoom)"), "\(pay.output)")
        #expect(pay.output.contains(formatted), "the price paid is not shown: \(pay.output)")
        let status = try await booking.run(["status", "--json"])
        let attempt = try #require(try status.json()["attempt"] as? [String: Any])
        #expect(attempt["offerId"] as? String == second)
        #expect(attempt["phase"] as? String == "CONFIRMED")
    }

    @Test(ExternalTool.needed("script"))
    func theCountdownEndsWithThePaymentAnotherRunMadeNotWithAnExpiredHold() async throws {
        // A short hold: without the fix the countdown ends "no longer held"
        // when it runs out, and the test fails instead of waiting 15 minutes.
        // 2 minutes leaves the other run's `pay` time to start on a loaded
        // machine (30 s ran out under the coverage build in CI's load).
        let sandbox = try await SandboxProcess(["--hold-ttl-ms", "120000"])
        let booking = Booking(server: sandbox.url, label: "cli-countdown-paid")
        let countdown = try await booking.holdWatchingTheCountdown()

        let pay = try await booking.run(["pay"])
        #expect(pay.status == 0, "\(pay.output) \(pay.error)")
        let watched = await Booking.finish(countdown)
        #expect(watched.status == 0, "\(watched.output) \(watched.error)")
        #expect(watched.output.contains("This room was paid from another `booking` run"), "\(watched.output)")
        #expect(!watched.output.contains("Room no longer held"))
        #expect(try await sandbox.ledger().chargeCount == 1)
    }
}
