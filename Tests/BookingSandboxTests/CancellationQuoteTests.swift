import BookingPrimitives
import BookingSandbox
import Foundation
import Testing

/// The refund before cancelling: `POST .../cancellation-quotes` quotes the
/// refund and the penalty (nothing moves), and a cancel naming the quote
/// records exactly that refund, or is refused with a new quote when the
/// quote expired or the booking changed. A quote of another booking, an
/// unknown one or a malformed id is refused and refunds nothing.
@Suite struct CancellationQuoteTests {
    private static let longer = #"{"checkIn":"2026-11-03","checkOut":"2026-11-07"}"#

    private func quote(_ sandbox: Sandbox, _ id: String, account: String = "alice") async throws -> TestResponse {
        try await sandbox.send("POST", "/v1/bookings/\(id)/cancellation-quotes", key: nil, account: account)
    }

    private func cancel(_ sandbox: Sandbox, _ id: String, version: Int, quote: String?, key: String) async throws
        -> TestResponse
    {
        let quoted = quote.map { #","quoteId":"\#($0)""# } ?? ""
        return try await sandbox.send(
            "POST", "/v1/bookings/\(id)/cancel", json: #"{"version":\#(version)\#(quoted)}"#, key: key)
    }

    private func booked(_ sandbox: Sandbox) async throws -> (id: String, total: JSONValue) {
        let booking = try await sandbox.book(token: "tok_visa", refundable: true).json
        return (try #require(booking["bookingId"].stringValue), booking["price"]["total"])
    }

    private func refunds(_ sandbox: Sandbox) async throws -> [JSONValue] {
        try await sandbox.ledger()["entries"].items.filter { $0["kind"].stringValue == "refund" }
    }

    @Test(arguments: Transport.allCases)
    func theQuotedRefundIsTheOneTheLedgerRecordsOnce(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let (id, total) = try await booked(sandbox)
            let quoted = try await quote(sandbox, id)
            #expect(quoted.status == 201, "\(quoted.json)")
            #expect(quoted.json["bookingId"].stringValue == id)
            #expect(quoted.json["version"].intValue == 1)
            #expect(quoted.json["refund"] == total)
            #expect(quoted.json["penalty"]["amount"].intValue == 0)
            #expect(quoted.json["penalty"]["currency"] == total["currency"])
            #expect(quoted.json["expiresAt"].stringValue != nil)
            #expect(try await refunds(sandbox).isEmpty, "a quote moves nothing")
            let quoteId = try #require(quoted.json["quoteId"].stringValue)

            let cancelled = try await cancel(sandbox, id, version: 1, quote: quoteId, key: "c-1")
            #expect(cancelled.status == 200, "\(cancelled.json)")
            #expect(cancelled.json["state"].stringValue == "CANCELLED")
            #expect(cancelled.json["refund"]["amount"] == quoted.json["refund"])
            let replay = try await cancel(sandbox, id, version: 1, quote: quoteId, key: "c-1")
            #expect(replay.headers["idempotent-replayed"] == "true")
            #expect(replay.json == cancelled.json)
            let ledger = try await refunds(sandbox)
            #expect(ledger.count == 1)
            #expect(ledger.first?["amount"] == quoted.json["refund"])

            let late = try await quote(sandbox, id)
            #expect(late.status == 409)
            #expect(late.json["error"]["code"].stringValue == "BOOKING_NOT_CANCELLABLE")
        }
    }

    @Test(arguments: Transport.allCases)
    func anExpiredQuoteIsRefusedWithANewOneAndNothingIsRefunded(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let (id, total) = try await booked(sandbox)
            let first = try #require(try await quote(sandbox, id).json["quoteId"].stringValue)
            sandbox.clock.advance(seconds: 10 * 60)
            let expired = try await cancel(sandbox, id, version: 1, quote: first, key: "c-1")
            #expect(expired.status == 409)
            #expect(expired.json["error"]["code"].stringValue == "QUOTE_EXPIRED")
            let fresh = expired.json["error"]["cancellationQuote"]
            #expect(fresh["refund"] == total)
            #expect(fresh["version"].intValue == 1)
            let freshId = try #require(fresh["quoteId"].stringValue)
            #expect(freshId != first)
            #expect(try await refunds(sandbox).isEmpty)
            #expect(try await sandbox.send("GET", "/v1/bookings/\(id)").json["state"].stringValue == "CONFIRMED")
            // The refusal is the key's answer; the new quote goes under a new key.
            #expect(try await cancel(sandbox, id, version: 1, quote: first, key: "c-1").status == 409)
            #expect(try await cancel(sandbox, id, version: 1, quote: freshId, key: "c-2").status == 200)
            #expect(try await refunds(sandbox).count == 1)
        }
    }

    @Test func aQuoteOfAnEarlierVersionIsRefusedWithTheNewRefund() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let (id, total) = try await booked(sandbox)
            let before = try #require(try await quote(sandbox, id).json["quoteId"].stringValue)
            // The stay grows (a night more is charged): the booking is at version 2.
            let modification = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/modification-quotes", json: Self.longer, key: nil)
            let modificationId = try #require(modification.json["quoteId"].stringValue)
            let modified = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/modifications",
                json: #"{"quoteId":"\#(modificationId)","version":1}"#, key: "m-1")
            #expect(modified.status == 200)
            let newTotal = modified.json["booking"]["price"]["total"]
            #expect(newTotal != total)

            for version in [1, 2] {
                let changed = try await cancel(sandbox, id, version: version, quote: before, key: "c-\(version)")
                #expect(changed.status == 409)
                #expect(changed.json["error"]["code"].stringValue == "QUOTE_CHANGED")
                #expect(changed.json["error"]["cancellationQuote"]["version"].intValue == 2)
                #expect(changed.json["error"]["cancellationQuote"]["refund"] == newTotal)
            }
            #expect(try await refunds(sandbox).isEmpty)
            let now = try #require(try await quote(sandbox, id).json["quoteId"].stringValue)
            let cancelled = try await cancel(sandbox, id, version: 2, quote: now, key: "c-3")
            #expect(cancelled.json["refund"]["amount"] == newTotal)
        }
    }

    @Test func aQuoteOfAnotherBookingOrAccountOrNoneIsRefusedAndRefundsNothing() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let (id, _) = try await booked(sandbox)
            let (other, _) = try await booked(sandbox)
            let otherQuote = try #require(try await quote(sandbox, other).json["quoteId"].stringValue)

            let mismatch = try await cancel(sandbox, id, version: 1, quote: otherQuote, key: "c-1")
            #expect(mismatch.status == 409)
            #expect(mismatch.json["error"]["code"].stringValue == "QUOTE_MISMATCH")
            #expect(mismatch.json["error"]["bookingId"].stringValue == other)

            let unknown = try await cancel(sandbox, id, version: 1, quote: "cq_0000000000000000", key: "c-2")
            #expect(unknown.status == 404)
            let malformed = try await cancel(sandbox, id, version: 1, quote: "mq_0000000000000000", key: "c-3")
            #expect(malformed.status == 400)
            #expect(malformed.json["error"]["field"].stringValue == "quoteId")
            // Another account neither sees the booking nor uses its quotes.
            #expect(try await quote(sandbox, id, account: "bob").status == 404)
            let body = try await quote(sandbox, id, account: "alice")
            #expect(body.status == 201)
            let withBody = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/cancellation-quotes", json: #"{"version":1}"#, key: nil)
            #expect(withBody.status == 400)

            #expect(try await refunds(sandbox).isEmpty)
            for booking in [id, other] {
                #expect(try await sandbox.send("GET", "/v1/bookings/\(booking)").json["state"] == "CONFIRMED")
            }
            // A cancel without a quote still cancels at the refund of now.
            #expect(try await cancel(sandbox, id, version: 1, quote: nil, key: "c-4").status == 200)
        }
    }
}
