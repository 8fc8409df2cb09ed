import BookingAPI
import BookingCore
import Foundation
import Testing

/// `booking modify` over loopback to a real `booking sandbox` process: the
/// quote is shown and nothing moves until it is accepted; `--accept`
/// changes the dates with exactly one ledger entry for the difference; the
/// trip shows the new dates and version with the server gone; bad input is
/// exit 2 and moves nothing.
@Suite struct ModifyCommandTests {
    /// The day after `date` (`YYYY-MM-DD`).
    private static func dayAfter(_ date: String) throws -> String {
        let day = try #require(CalendarDate(date))
        return try #require(CalendarDate(daysSince1970: day.daysSince1970 + 1)).description
    }

    @Test func theQuoteIsShownThenAcceptedOnceAndTheTripShowsTheNewDatesOffline() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-modify")
        let cli = InProcess(sharing: booking)
        let id = try await cli.holdAndPay()
        let before = try await booking.trip(id)
        let checkIn = try #require(before["checkIn"] as? String)
        let checkOut = try Self.dayAfter(try #require(before["checkOut"] as? String))

        // No answer on standard input: the quote is shown, nothing changes.
        let asked = try await booking.run(["modify", id, "--check-in", checkIn, "--check-out", checkOut])
        #expect(asked.status == 0, "\(asked.error)")
        #expect(asked.output.contains("to pay"), "\(asked.output)")
        #expect(asked.output.contains("Nothing changed."), "\(asked.output)")
        #expect(try await sandbox.ledger().entries.filter { $0.kind.hasPrefix("difference_") }.isEmpty)

        let changed = try await booking.run([
            "modify", id, "--check-in", checkIn, "--check-out", checkOut, "--accept", "--json",
        ])
        #expect(changed.status == 0, "\(changed.error)")
        let answer = try changed.json()
        #expect(answer["version"] as? Int == 2)
        #expect(answer["checkOut"] as? String == checkOut)
        let difference = try #require((answer["quote"] as? [String: Any])?["difference"] as? [String: Any])
        let entries = try await sandbox.ledger(of: id) { $0 == "difference_charge" }
        #expect(entries.count == 1)
        #expect(entries.first.map { Int($0.amount.minorUnits) } == difference["amount"] as? Int)

        await sandbox.stop()
        let offline = try await booking.trip(id)
        #expect(offline["checkOut"] as? String == checkOut)
        #expect(offline["version"] as? Int == 2)
        let detail = try await booking.run(["trip", id])
        #expect(detail.output.contains(checkOut), "\(detail.output)")
    }

    @Test func theDiagramOfTheModifyFlowIsGeneratedFromItsReducer() async throws {
        let document = try await DiagramCommandTests.table(of: "modify")
        #expect(
            (document["finalStages"] as? [String]).map(Set.init) == [
                "modified", "refused", "notSent", "wentBack", "leftOpen",
            ])
        #expect((document["text"] as? String)?.contains("| `quoted` | `accepted` | `recording` |") == true)
    }

    @Test func badInputIsExitTwoAndMovesNothing() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-modify-bad")
        let cli = InProcess(sharing: booking)
        let id = try await cli.holdAndPay()
        let trip = try await booking.trip(id)
        let checkIn = try #require(trip["checkIn"] as? String)
        let checkOut = try #require(trip["checkOut"] as? String)
        let usage: [[String]] = [
            ["modify", id, "--check-in", checkOut, "--check-out", checkIn, "--accept"],
            ["modify", id, "--check-in", "2026-02-30", "--check-out", checkOut, "--accept"],
            ["modify", id, "--check-in", checkIn],
            ["modify", "not an id", "--check-in", checkIn, "--check-out", checkOut],
            ["modify", "bk_unknown", "--check-in", checkIn, "--check-out", checkOut, "--accept"],
            // The server's refusals: the past, and the booking's own dates.
            ["modify", id, "--check-in", "2020-01-01", "--check-out", "2020-01-03", "--accept"],
            ["modify", id, "--check-in", checkIn, "--check-out", checkOut, "--accept"],
        ]
        for arguments in usage {
            let result = try await booking.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.output) \(result.error)")
        }
        #expect(try await cli.run(["cancel", id, "--yes"]).status == 0)
        let cancelled = try await booking.run([
            "modify", id, "--check-in", checkIn, "--check-out", try Self.dayAfter(checkOut), "--accept",
        ])
        #expect(cancelled.status == 2, "\(cancelled.error)")
        #expect(cancelled.error.contains("only a confirmed booking"), "\(cancelled.error)")
        #expect(try await sandbox.ledger().entries.filter { $0.kind.hasPrefix("difference_") }.isEmpty)
        await sandbox.stop()
    }
}
