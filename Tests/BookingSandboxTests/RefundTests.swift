import BookingSandbox
import Foundation
import Testing

/// A cancelled booking carries its refund (the contract's `Refund`) on the
/// cancel's answer and on every read, with the ledger's amount; with
/// `Sandbox-Refund: pending` it stays `PENDING` for a minute of the
/// sandbox's clock and the first read after it is `SUCCEEDED`, as a new
/// version of the booking.
@Suite struct RefundTests {
    @Test(arguments: Transport.allCases)
    func theCancelsAnswerAndEveryReadCarryTheLedgersRefund(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let booking = try await sandbox.book(token: "tok_visa", refundable: true).json
            let id = try #require(booking["bookingId"].stringValue)
            #expect(booking["refund"].isNull)
            let cancelled = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/cancel", json: #"{"version":1}"#, key: "c-1")
            #expect(cancelled.status == 200)
            let refund = cancelled.json["refund"]
            #expect(refund["state"].stringValue == "SUCCEEDED")
            #expect(refund["amount"] == booking["price"]["total"])
            let entry = try #require(try await sandbox.ledger()["entries"].items.first { $0["kind"] == "refund" })
            #expect(refund["amount"] == entry["amount"])
            #expect(refund["refundId"] == entry["entryId"])
            let read = try await sandbox.send("GET", "/v1/bookings/\(id)")
            #expect(read.json["refund"] == refund)
            #expect(read.json["version"].intValue == 2)
            let page = try await sandbox.send("GET", "/v1/bookings")
            #expect(page.json["items"].items.first?["refund"] == refund)
        }
    }

    @Test(arguments: Transport.allCases)
    func aPendingRefundSettlesAtTheFirstReadAMinuteLater(transport: Transport) async throws {
        let clock = SandboxManualClock()
        try await withSandbox(transport, configure: { $0.clock = .manual(clock) }) { sandbox in
            let id = try #require(try await sandbox.book(token: "tok_visa").json["bookingId"].stringValue)
            let cancelled = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/cancel", json: #"{"version":1}"#, key: "c-1",
                headers: ["Sandbox-Refund": "pending"])
            #expect(cancelled.json["refund"]["state"].stringValue == "PENDING")
            #expect(cancelled.json["version"].intValue == 2)

            clock.advance(milliseconds: 59_999)
            let early = try await sandbox.send("GET", "/v1/bookings/\(id)")
            #expect(early.json["refund"]["state"].stringValue == "PENDING")
            #expect(early.json["version"].intValue == 2)

            clock.advance(milliseconds: 1)
            let settled = try await sandbox.send("GET", "/v1/bookings")
            let item = try #require(settled.json["items"].items.first)
            #expect(item["refund"]["state"].stringValue == "SUCCEEDED")
            #expect(item["version"].intValue == 3)
            #expect(item["state"].stringValue == "CANCELLED")
            #expect(item["refund"]["amount"] == cancelled.json["refund"]["amount"])
            #expect(try await sandbox.send("GET", "/v1/bookings/\(id)").json == item)
            #expect(try await sandbox.ledger()["refundCount"].intValue == 1)
        }
    }

    @Test func anUnknownRefundOptionIsRefusedAndNothingRefunded() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let id = try #require(try await sandbox.book(token: "tok_visa").json["bookingId"].stringValue)
            let refused = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/cancel", json: #"{"version":1}"#, key: "c-1",
                headers: ["Sandbox-Refund": "later"])
            #expect(refused.status == 400)
            #expect(refused.json["error"]["field"].stringValue == "Sandbox-Refund")
            #expect(try await sandbox.ledger()["refundCount"].intValue == 0)
            #expect(try await sandbox.send("GET", "/v1/bookings/\(id)").json["state"].stringValue == "CONFIRMED")
        }
    }
}
