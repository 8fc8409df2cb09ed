import BookingCore
import BookingPrimitives
import Foundation
import Testing

@testable import BookingSandbox

/// The server's view per payment method kind (`/sandbox/stats.json`): what
/// counts as looked up after its POST, replays, abandoned pages, refusals
/// by the switch and keys closed with no booking.
@Suite struct PaymentMethodStatsTests {
    static func row(_ sandbox: Sandbox, _ kind: String) async throws -> JSONValue {
        let rows = try await sandbox.send("GET", "/sandbox/stats.json", account: nil).json
        let row = rows.items.first { $0["kind"].stringValue == kind }
        return try #require(row)
    }

    @Test(arguments: Transport.allCases)
    func eachWayAPaymentEndsIsCountedForItsKind(transport: Transport) async throws {
        try await withSandbox(transport, configure: { $0.disabledPaymentMethods = [.wallet: "Wallets are paused."] }) {
            sandbox in
            // A lost answer, then the same key again: one replay, one booking looked up.
            let lost = try await sandbox.book(token: "tok_visa", key: "k-lost", fault: "drop-response-after-commit")
            #expect(lost.dropped)
            let holdID = try await sandbox.heldID()
            _ = try await sandbox.pay(holdID, token: "tok_visa", key: "k-answered")
            let replay = try await sandbox.send(
                "POST", "/v1/bookings", json: #"{"holdId":"\#(holdID)","paymentToken":"tok_visa"}"#, key: "k-answered")
            #expect(replay.headers["idempotent-replayed"] == "true")
            // A lookup by key, twice: the booking counts once.
            for _ in 0..<2 { _ = try await sandbox.send("GET", "/v1/bookings?attempt=k-lost") }
            // A read by id is not a lookup after the POST (only an answer gives the id).
            let id = try #require(replay.json["bookingId"].stringValue)
            _ = try await sandbox.send("GET", "/v1/bookings/\(id)")
            var card = try await Self.row(sandbox, "card")
            #expect(card["bookings"].intValue == 2)
            #expect(card["replays"].intValue == 1)
            #expect(card["lookedUpAfterPost"].intValue == 2)
            #expect([JSONValue.int(1), .double(1)].contains(card["unknownShare"]))

            // A key closed with no booking under it: not paid, no kind.
            let closed = try await sandbox.send(
                "POST", "/v1/bookings/close-key", json: #"{"idempotencyKey":"k-never-sent"}"#)
            #expect(closed.json["state"].stringValue == "CLOSED")
            #expect(try await Self.row(sandbox, "all")["keysClosedWithoutBooking"].intValue == 1)

            // A 3-D Secure page left.
            let pending = try await sandbox.book(token: "tok_threeDSecureRequired")
            let pendingID = try #require(pending.json["bookingId"].stringValue)
            _ = try await BookingAbandonTests.abandon(sandbox, pendingID)
            #expect(try await Self.row(sandbox, "threeDSecure")["abandoned"].intValue == 1)

            // A wallet refused by the switch, its refusal stored under the key.
            let refused = try await sandbox.book(token: "tok_wallet_visa", key: "k-wallet")
            #expect(refused.status == 409)
            #expect(refused.errorCode == "PAYMENT_METHOD_DISABLED")
            #expect(refused.json["error"]["message"].stringValue == "Wallets are paused.")
            let wallet = try await Self.row(sandbox, "wallet")
            #expect(wallet["refusedBySwitch"].intValue == 1)
            #expect(wallet["bookings"].intValue == 0)
            #expect(wallet["enabled"] == .bool(false))
            #expect(wallet["pausedBy"].stringValue == "operator")
            card = try await Self.row(sandbox, "all")
            #expect(card["bookings"].intValue == 3)
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 2)
        }
    }
}
