import BookingCore
import Foundation
import Testing

/// Every bad command line: one line on stderr, nothing on stdout, exit 2,
/// before anything touches the network.
@Suite struct UsageTests {
    static let badCommandLines: [[String]] = [
        [],
        ["frobnicate"],
        ["trips", "--frobnicate"],
        ["--frobnicate", "trips"],
        ["offers", "--place"],
        ["offers", "--place", "plc_lisbon", "--check-in", "2026-02-30", "--check-out", "2026-03-02", "--guests", "2"],
        ["offers", "--place", "plc_lisbon", "--check-in", "tomorrow", "--check-out", "2026-03-02", "--guests", "2"],
        ["offers", "--place", "plc_lisbon", "--check-in", "2026-03-05", "--check-out", "2026-03-02", "--guests", "2"],
        [
            "offers", "--place", "plc_lisbon", "--check-in", "2026-03-01", "--check-out", "2026-03-02", "--guests",
            "two",
        ],
        ["offers", "--place", "plc_lisbon", "--check-in", "2026-03-01", "--check-out", "2026-03-02", "--guests", "0"],
        [
            "offers", "--place", "plc_lisbon", "--check-in", "2026-03-01", "--check-out", "2026-03-02", "--guests", "2",
            "--page", "-1",
        ],
        ["offers", "--place", "plc_lisbon", "--check-in", "2026-03-01", "--check-out", "2026-03-02", "--guests", "9"],
        ["offers", "--place", "plc_lisbon", "--check-in", "2026-03-01", "--check-out", "2026-03-02"],
        ["offers", "--place", "../etc", "--check-in", "2026-03-01", "--check-out", "2026-03-02", "--guests", "2"],
        ["trip"],
        ["trip", "bk_1", "extra"],
        ["trip", "bk/../../x"],
        ["trip", "bk_\u{1B}[31m"],
        ["cancel", "not an id"],
        ["hold", "off ice"],
        ["pay", "--card", "tok visa"],
        ["pay", "--challenge", "maybe"],
        ["diagram", "--format", "png"],
        ["diagram", "--json=yes"],
        ["sandbox", "--port", "70000"],
        ["sandbox", "--fault-rate", "meteor=0.5"],
        ["sandbox", "--fault-rate", "unavailable=2"],
        ["trips", "--server", "not a url"],
        ["trips", "--server", "http://bank.example.com"],
        ["trips", "--server", "ftp://127.0.0.1"],
        ["trips", "--server", "https://user:pw@example.com"],
        ["trips", "--api-key", "sk test"],
        ["open", "https://evil.example/trips/bk_1"],
        ["open", "http://example.com/trips/bk_1"],
        ["open", "https://example.com/trips/../admin"],
        ["open", "https://example.com@evil.com/trips/bk_1"],
        ["replay", "/nonexistent/events.jsonl"],
        ["search", "   "],
    ]

    @Test(arguments: badCommandLines)
    func aBadCommandLineSaysWhyOnOneLineAndExitsTwo(_ arguments: [String]) async throws {
        let booking = InProcess()
        let run = try await booking.run(arguments)
        #expect(run.status == 2, "\(arguments): exit \(run.status), stderr: \(run.error)")
        #expect(run.errorLines.count == 1, "\(arguments): stderr: \(run.error)")
        #expect(run.error.hasPrefix("booking: "))
        #expect(run.output.isEmpty, "\(arguments): stdout: \(run.output)")
        #expect(!run.error.contains("\u{1B}"), "control characters must be escaped")
    }

    @Test func plainHTTPToAnotherMachineIsRefusedFromTheEnvironmentToo() async throws {
        var booking = InProcess()
        booking.environment["BOOKING_SERVER"] = "http://10.0.0.8:8080"
        let run = try await booking.run(["status"])
        #expect(run.status == 2)
        #expect(run.error.contains("BOOKING_SERVER"))
        #expect(run.error.contains("plain http"))
    }

    @Test func aRejectedAPIKeyIsNeverEchoed() async throws {
        let given = try await InProcess().run(["trips", "--api-key", "sk_live_s3cr3t with a space"])
        #expect(given.status == 2)
        #expect(!given.error.contains("s3cr3t"), "\(given.error)")
        #expect(given.error.contains("--api-key (not shown)"), "\(given.error)")
        var booking = InProcess()
        booking.environment["BOOKING_API_KEY"] = "sk_live_s3cr3t\u{1B}[2J"
        let fromEnvironment = try await booking.run(["trips"])
        #expect(fromEnvironment.status == 2)
        #expect(!fromEnvironment.error.contains("s3cr3t"), "\(fromEnvironment.error)")
        #expect(fromEnvironment.error.contains("BOOKING_API_KEY (not shown)"), "\(fromEnvironment.error)")
    }

    @Test func guestsAreCheckedAgainstTheServersLimitAndTheHelpSaysIt() async throws {
        let help = await InProcess.bare(["offers", "--help"])
        #expect(help.output.contains("number of guests, 1-8"), "\(help.output)")
        let run = try await InProcess().run([
            "offers", "--place", "plc_lisbon", "--check-in", Booking.date(20),
            "--check-out", Booking.date(22), "--guests", "9",
        ])
        #expect(run.status == 2)
        #expect(run.error.contains("from 1 to 8"), "\(run.error)")
    }

    @Test func anUnknownOfferSaysToListOffersFirst() async throws {
        let run = try await InProcess().run(["hold", "off_htl_lis01_std_20300101_20300103_2", "--no-wait"])
        #expect(run.status == 2)
        #expect(run.error.contains("run `booking offers` first"))
    }

    @Test func payingAgainAfterAConfirmedPaymentNamesTheTrip() async throws {
        let booking = InProcess(label: "cli-pay-twice")
        let bookingID = try await booking.holdAndPay()
        let again = try await booking.run(["pay"])
        #expect(again.status == 2)
        #expect(again.error.contains("is confirmed as booking \(bookingID)"), "\(again.error)")
        #expect(again.error.contains("booking trip \(bookingID)"), "\(again.error)")
    }

    /// One stay is never paid twice by accident: holding a stay already
    /// booked on this device says so and holds nothing; `--again` holds a
    /// second room on purpose.
    @Test func holdingAStayAlreadyBookedSaysSoAndHoldsOnlyWithAgain() async throws {
        let booking = InProcess(label: "cli-same-stay")
        let bookingID = try await booking.holdAndPay()
        let offer = try await booking.firstOfferID()
        let refused = try await booking.run(["hold", offer, "--no-wait"])
        #expect(refused.status == 2, "\(refused.output) \(refused.error)")
        #expect(
            refused.error.contains("you already booked this room for these dates (booking \(bookingID)"),
            "\(refused.error)")
        #expect(refused.error.contains("--again"), "\(refused.error)")
        let again = try await booking.run(["hold", offer, "--no-wait", "--again"])
        #expect(again.status == 0, "\(again.output) \(again.error)")

        // The second room, moved away and back onto the first's dates: a
        // change of dates asks the same question, and --again answers it.
        let paid = try await booking.run(["pay", "--json"])
        let second = try #require((try paid.json()["state"] as? [String: Any])?["bookingId"] as? String)
        let saved = try await booking.trip(bookingID)
        let checkIn = try #require(saved["checkIn"] as? String)
        let checkOut = try #require(saved["checkOut"] as? String)
        let nextDay = try #require(CalendarDate(checkOut)).daysSince1970 + 1
        let away = try #require(CalendarDate(daysSince1970: nextDay))
        let moved = try await booking.run([
            "modify", second, "--check-in", checkOut, "--check-out", away.description, "--accept",
        ])
        #expect(moved.status == 0, "\(moved.output) \(moved.error)")
        let back = try await booking.run(["modify", second, "--check-in", checkIn, "--check-out", checkOut, "--accept"])
        #expect(back.status == 2, "\(back.output) \(back.error)")
        #expect(
            back.error.contains("you already booked this room for these dates (booking \(bookingID))"), "\(back.error)")
        #expect(back.error.contains("nothing changed") && back.error.contains("--again"), "\(back.error)")
        let onPurpose = try await booking.run([
            "modify", second, "--check-in", checkIn, "--check-out", checkOut, "--accept", "--again",
        ])
        #expect(onPurpose.status == 0, "\(onPurpose.output) \(onPurpose.error)")
    }

    /// A log that cannot be written never blocks settling money: `logs/`
    /// as a file is said on stderr, and holding, paying and reconciling go on.
    @Test func anEventLogThatCannotBeWrittenIsSaidAndTheBookingGoesOn() async throws {
        let booking = InProcess(label: "cli-log-file")
        let offers = try await booking.offers()
        let offer = try #require(offers.first?["offerId"] as? String)
        try FileManager.default.createDirectory(atPath: booking.dataDirectory, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: booking.dataDirectory + "/logs")
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: booking.dataDirectory + "/logs"))
        let hold = try await booking.run(["hold", offer, "--no-wait"])
        #expect(hold.status == 0, "\(hold.output) \(hold.error)")
        #expect(hold.error.contains("going on without this run's event log"), "\(hold.error)")
        let pay = try await booking.run(["pay"])
        #expect(pay.status == 0, "\(pay.output) \(pay.error)")
        let status = try await booking.run(["status"])
        #expect(status.status == 0, "\(status.output) \(status.error)")
        let reconcile = try await booking.run(["reconcile"])
        #expect(reconcile.status == 0, "\(reconcile.output) \(reconcile.error)")
    }

    @Test func payingWithNothingHeldIsRefused() async throws {
        let run = try await InProcess().run(["pay"])
        #expect(run.status == 2)
        #expect(run.error.contains("booking hold"))
    }
}
