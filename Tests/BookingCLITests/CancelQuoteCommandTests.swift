import BookingAPI
import Foundation
import TestSupport
import Testing

/// `booking cancel` shows the refund first: the server's quote (refund,
/// penalty, until when), then a question on a terminal or `--yes`. With no
/// terminal and no `--yes` nothing is cancelled (exit 1) and the refund it
/// would get is printed; with `--yes` it cancels once, and the refund shown
/// is the one the sandbox's ledger records.
@Suite struct CancelQuoteCommandTests {
    @Test func withoutATerminalOrYesNothingIsCancelledThenYesCancelsAtTheShownRefund() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-cancel-quote")
        let cli = InProcess(sharing: booking)
        let id = try await cli.holdAndPay(refundable: true)

        let asked = try await cli.run(["cancel", id])
        #expect(asked.status == 1, "\(asked.output) \(asked.error)")
        #expect(asked.output.contains("Cancelling refunds EUR "), "\(asked.output)")
        #expect(asked.output.contains("(no penalty); this quote holds until 20"), "\(asked.output)")
        #expect(asked.output.contains("Nothing was cancelled: there is no terminal to ask"), "\(asked.output)")
        #expect(try await sandbox.ledger(of: id) { $0 == "refund" }.isEmpty)
        #expect(try await booking.trip(id)["status"] as? String == "CONFIRMED")
        let json = try await cli.run(["cancel", id, "--json"])
        #expect(json.status == 1)
        let document = try json.json()
        #expect(document["cancelled"] as? Bool == false)
        let quote = try #require(document["quote"] as? [String: Any], "\(document)")
        let quoted = try #require((quote["refund"] as? [String: Any])?["amount"] as? Int)

        let cancelled = try await cli.run(["cancel", id, "--yes", "--json"])
        #expect(cancelled.status == 0, "\(cancelled.output) \(cancelled.error)")
        let answer = try cancelled.json()
        #expect(answer["status"] as? String == "CANCELLED")
        let refunds = try await sandbox.ledger(of: id) { $0 == "refund" }
        #expect(refunds.count == 1)
        let recorded = Int(try #require(refunds.first?.amount.minorUnits))
        #expect(recorded == quoted)
        let shown = try #require((answer["quote"] as? [String: Any])?["refund"] as? [String: Any])
        #expect(shown["amount"] as? Int == recorded)
        #expect(((answer["refund"] as? [String: Any])?["amount"] as? [String: Any])?["amount"] as? Int == recorded)
        let again = try await cli.run(["cancel", id, "--yes"])
        #expect(again.status == 2)
        #expect(try await sandbox.ledger(of: id) { $0 == "refund" }.count == 1)
        await sandbox.stop()
    }

    /// On a terminal (a pseudo-terminal by `script`) the quote is shown and
    /// the person asked: no keeps the booking (exit 1), yes cancels it.
    @Test(ExternalTool.needed("script"))
    func onATerminalTheQuoteIsShownAndTheAnswerDecides() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-cancel-ask")
        let id = try await InProcess(sharing: booking).holdAndPay()
        let command = (["\"$BOOKING\""] + booking.global + ["cancel", id]).joined(separator: " ")

        let no = try await Booking.shell("printf 'n\\n' | script -qfec '\(command)' /dev/null")
        #expect(no.status == 1, "\(no.output) \(no.error)")
        #expect(no.output.contains("Cancelling refunds EUR "), "\(no.output)")
        #expect(no.output.contains("Cancel booking \(id)? [y/N]"), "\(no.output)")
        #expect(no.output.contains("Nothing was cancelled."), "\(no.output)")
        #expect(try await sandbox.ledger(of: id) { $0 == "refund" }.isEmpty)

        let yes = try await Booking.shell("printf 'y\\n' | script -qfec '\(command)' /dev/null")
        #expect(yes.status == 0, "\(yes.output) \(yes.error)")
        #expect(yes.output.contains("Booking \(id): CANCELLED"), "\(yes.output)")
        #expect(try await sandbox.ledger(of: id) { $0 == "refund" }.count == 1)
        await sandbox.stop()
    }
}
