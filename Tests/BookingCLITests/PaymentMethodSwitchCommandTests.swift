import BookingAPI
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `booking sandbox --disable-payment-method KIND[:REASON]` and `booking pay`
/// with that kind: real processes over loopback.
@Suite struct PaymentMethodSwitchCommandTests {
    /// The switch's reason is the server's text: an escape code in it never
    /// reaches the terminal (it is shown escaped).
    @Test func aReasonWithEscapeCodesIsShownEscaped() async throws {
        let reason = "Paused \u{1B}[31mred\u{1B}]0;title\u{07}"
        let sandbox = try await SandboxProcess(["--disable-payment-method", "wallet:\(reason)"])
        let booking = Booking(server: sandbox.url, label: "cli-switch-escape")
        _ = try await booking.holdAnOffer()
        let pay = try await booking.run(["pay", "--card", "tok_wallet_visa"])
        #expect(pay.output.contains("cannot pay here: Paused"), "\(pay.output)")
        #expect(!pay.output.contains("\u{1B}"), "an escape code reached the terminal: \(pay.output.debugDescription)")
        #expect(!pay.error.contains("\u{1B}"), "\(pay.error.debugDescription)")
        _ = await sandbox.stop()
    }

    @Test func payWithAKindSwitchedOffSaysWhyAndSendsNothing() async throws {
        let reason = "Wallet payments are paused for maintenance."
        let sandbox = try await SandboxProcess(["--disable-payment-method", "wallet:\(reason)"])
        let booking = Booking(server: sandbox.url, label: "cli-switch-off")
        _ = try await booking.holdAnOffer()
        let pay = try await booking.run(["pay", "--card", "tok_wallet_visa"])
        #expect(pay.status == 1, "\(pay.output) \(pay.error)")
        #expect(pay.output.contains("cannot pay here: \(reason)"), "\(pay.output)")
        #expect(pay.output.contains("Outcome: held."), "\(pay.output)")
        // Nothing reached the sandbox's booking endpoint: no keyed booking POST stored, none refused, no charge.
        let stats = try await Self.sandboxJSON(sandbox, "/sandbox/stats.json")
        let wallet = try #require(stats.first { $0["kind"] as? String == "wallet" })
        #expect(wallet["bookings"] as? Int == 0)
        #expect(wallet["refusedBySwitch"] as? Int == 0)
        #expect(wallet["enabled"] as? Bool == false)
        #expect(wallet["reason"] as? String == reason)
        let keyed = try await Self.sandboxJSON(sandbox, "/sandbox/idempotency.json")
        #expect(!keyed.contains { $0["endpoint"] as? String == "POST /v1/bookings" })
        #expect(try await sandbox.ledger().chargeCount == 0)
        // The same room paid by card goes through (the switch is per kind).
        let card = try await booking.run(["pay", "--card", "tok_visa"])
        #expect(card.status == 0, "\(card.output) \(card.error)")
        #expect(try await sandbox.ledger().chargeCount == 1)
    }

    @Test func theSwitchFlagsRefuseBadValuesBeforeAnyWork() async throws {
        let booking = InProcess(server: "http://127.0.0.1:9", label: "cli-switch-bad")
        let kind = try await booking.run(["sandbox", "--disable-payment-method", "cheque"])
        #expect(kind.status == 2)
        #expect(kind.error.contains("the kind must be one of card, wallet, threeDSecure"), "\(kind.error)")
        let share = try await booking.run(["sandbox", "--guardrail-unknown-share", "0"])
        #expect(share.status == 2)
        #expect(share.error.contains("--guardrail-unknown-share"), "\(share.error)")
    }

    /// A dashboard section's rows.
    static func sandboxJSON(_ sandbox: SandboxProcess, _ path: String) async throws -> [[String: Any]] {
        let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: sandbox.url + path)))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }
}
