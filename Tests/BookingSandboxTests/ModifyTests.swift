import BookingPrimitives
import BookingSandbox
import Foundation
import Testing

/// Changing a confirmed booking's dates: a quote for the new dates (the new
/// total and the difference), then one modification under an
/// Idempotency-Key that moves the booking to a new version and charges or
/// refunds the difference exactly once in the ledger.
@Suite struct ModifyTests {
    /// The booking's stay is 2026-11-03..06 (3 nights); 4 nights cost more, 2 less.
    private static let longer = #"{"checkIn":"2026-11-03","checkOut":"2026-11-07"}"#
    private static let shorter = #"{"checkIn":"2026-11-04","checkOut":"2026-11-06"}"#

    private func quote(_ sandbox: Sandbox, _ id: String, _ dates: String, account: String = "alice")
        async throws -> TestResponse
    {
        try await sandbox.send(
            "POST", "/v1/bookings/\(id)/modification-quotes", json: dates, key: nil, account: account)
    }

    private func modify(
        _ sandbox: Sandbox, _ id: String, quote: String, version: Int, key: String, fault: String? = nil
    ) async throws -> TestResponse {
        try await sandbox.send(
            "POST", "/v1/bookings/\(id)/modifications", json: #"{"quoteId":"\#(quote)","version":\#(version)}"#,
            key: key, fault: fault)
    }

    private func booked(_ sandbox: Sandbox, refundable: Bool = false) async throws -> (id: String, body: JSONValue) {
        let booking = try await sandbox.book(token: "tok_visa", refundable: refundable).json
        return (try #require(booking["bookingId"].stringValue), booking)
    }

    @Test(arguments: Transport.allCases)
    func aLongerStayIsChargedTheDifferenceOnceAndAReplayMovesNothing(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let (id, booking) = try await booked(sandbox)
            let quoted = try await quote(sandbox, id, Self.longer)
            #expect(quoted.status == 201)
            let paid = try #require(booking["price"]["total"]["amount"].intValue)
            let total = try #require(quoted.json["price"]["total"]["amount"].intValue)
            let difference = try #require(quoted.json["difference"]["amount"].intValue)
            #expect(difference == total - paid)
            #expect(difference > 0)
            #expect(quoted.json["previousTotal"] == booking["price"]["total"])
            #expect(quoted.json["version"].intValue == 1)
            let quoteId = try #require(quoted.json["quoteId"].stringValue)

            let applied = try await modify(sandbox, id, quote: quoteId, version: 1, key: "m-1")
            #expect(applied.status == 200)
            #expect(applied.json["booking"]["version"].intValue == 2)
            #expect(applied.json["booking"]["checkOut"].stringValue == "2026-11-07")
            #expect(applied.json["booking"]["price"]["total"]["amount"].intValue == total)
            #expect(applied.json["difference"]["amount"].intValue == difference)

            let replay = try await modify(sandbox, id, quote: quoteId, version: 1, key: "m-1")
            #expect(replay.status == 200)
            #expect(replay.headers["idempotent-replayed"] == "true")
            #expect(replay.json == applied.json)

            let ledger = try await sandbox.ledger()
            let entries = ledger["entries"].items.filter { $0["kind"].stringValue == "difference_charge" }
            #expect(entries.count == 1)
            #expect(entries.first?["amount"]["amount"].intValue == difference)
            #expect(entries.first?["entryId"] == applied.json["entryId"])
            #expect(ledger["differenceCount"].intValue == 1)
            #expect(ledger["chargeCount"].intValue == 1)

            let read = try await sandbox.send("GET", "/v1/bookings/\(id)")
            #expect(read.json == applied.json["booking"])
        }
    }

    @Test func aShorterStayIsRefundedTheDifferenceAndACancelRefundsTheNewTotal() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let (id, _) = try await booked(sandbox, refundable: true)
            let quoted = try await quote(sandbox, id, Self.shorter)
            let difference = try #require(quoted.json["difference"]["amount"].intValue)
            #expect(difference < 0)
            let applied = try await modify(
                sandbox, id, quote: try #require(quoted.json["quoteId"].stringValue), version: 1, key: "m-1")
            #expect(applied.status == 200)
            let cancelled = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/cancel", json: #"{"version":2}"#, key: "c-1")
            #expect(cancelled.status == 200)
            #expect(cancelled.json["refund"]["amount"] == quoted.json["price"]["total"])
            let entries = try await sandbox.ledger()["entries"].items
            #expect(entries.map { $0["kind"].stringValue } == ["charge", "difference_refund", "refund"])
            #expect(entries[1]["amount"]["amount"].intValue == -difference)
        }
    }

    @Test func aQuoteForAnOldVersionOrAnotherBookingOrPastItsTimeIsRefusedAndNothingMoves() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let (id, _) = try await booked(sandbox)
            let (other, _) = try await booked(sandbox)
            let first = try #require(try await quote(sandbox, id, Self.longer).json["quoteId"].stringValue)
            let second = try #require(try await quote(sandbox, id, Self.shorter).json["quoteId"].stringValue)
            #expect(try await modify(sandbox, id, quote: first, version: 1, key: "m-1").status == 200)

            let stale = try await modify(sandbox, id, quote: second, version: 1, key: "m-2")
            #expect(stale.status == 409)
            #expect(stale.json["error"]["code"].stringValue == "VERSION_CHANGED")
            #expect(stale.json["error"]["version"].intValue == 2)
            let staleQuote = try await modify(sandbox, id, quote: second, version: 2, key: "m-3")
            #expect(staleQuote.json["error"]["code"].stringValue == "VERSION_CHANGED")

            let mismatch = try await modify(sandbox, other, quote: second, version: 1, key: "m-4")
            #expect(mismatch.status == 409)
            #expect(mismatch.json["error"]["code"].stringValue == "QUOTE_MISMATCH")
            #expect(mismatch.json["error"]["bookingId"].stringValue == id)

            let late = try #require(try await quote(sandbox, other, Self.longer).json["quoteId"].stringValue)
            sandbox.clock.advance(seconds: 10 * 60)
            let expired = try await modify(sandbox, other, quote: late, version: 1, key: "m-5")
            #expect(expired.status == 409)
            #expect(expired.json["error"]["code"].stringValue == "QUOTE_EXPIRED")
            let fresh = try #require(expired.json["error"]["quote"]["quoteId"].stringValue)
            #expect(fresh != late)
            #expect(expired.json["error"]["quote"]["checkOut"].stringValue == "2026-11-07")

            let ledger = try await sandbox.ledger()
            #expect(ledger["differenceCount"].intValue == 1)
            #expect(try await sandbox.send("GET", "/v1/bookings/\(other)").json["version"].intValue == 1)
            #expect(try await modify(sandbox, other, quote: fresh, version: 1, key: "m-6").status == 200)
        }
    }

    @Test func badDatesAndBookingsThatCannotChangeAreRefusedWithNamedCodes() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let (id, _) = try await booked(sandbox)
            let cases: [(String, String, String)] = [
                (#"{"checkIn":"2026-11-06","checkOut":"2026-11-03"}"#, "INVALID_DATES", "checkOut"),
                (#"{"checkIn":"2026-11-03","checkOut":"2026-11-03"}"#, "INVALID_DATES", "checkOut"),
                (#"{"checkIn":"2026-05-01","checkOut":"2026-05-03"}"#, "INVALID_DATES", "checkIn"),
                (#"{"checkIn":"2026-11-03","checkOut":"2026-11-06"}"#, "INVALID_DATES", "checkIn"),
                (#"{"checkIn":"tomorrow","checkOut":"2026-11-06"}"#, "INVALID_DATES", "checkIn"),
            ]
            for (dates, code, field) in cases {
                let refused = try await quote(sandbox, id, dates)
                #expect(refused.status == 400, "\(dates)")
                #expect(refused.json["error"]["code"].stringValue == code, "\(dates)")
                #expect(refused.json["error"]["field"].stringValue == field, "\(dates)")
            }
            let elsewhere = try await quote(sandbox, id, Self.longer, account: "bob")
            #expect(elsewhere.status == 404)
            let unknown = try await quote(sandbox, "bk_0000000000000000", Self.longer)
            #expect(unknown.status == 404)

            let soldOut = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/modification-quotes", json: Self.longer, key: nil, fault: "sold-out")
            #expect(soldOut.json["error"]["code"].stringValue == "SOLD_OUT")

            let quoteId = try #require(try await quote(sandbox, id, Self.longer).json["quoteId"].stringValue)
            #expect(
                try await sandbox.send("POST", "/v1/bookings/\(id)/cancel", json: #"{"version":1}"#, key: "c-1")
                    .status == 200)
            let cancelled = try await quote(sandbox, id, Self.longer)
            #expect(cancelled.status == 409)
            #expect(cancelled.json["error"]["code"].stringValue == "BOOKING_NOT_MODIFIABLE")
            #expect(cancelled.json["error"]["state"].stringValue == "CANCELLED")
            let late = try await modify(sandbox, id, quote: quoteId, version: 1, key: "m-1")
            #expect(late.json["error"]["code"].stringValue == "BOOKING_NOT_MODIFIABLE")
            #expect(try await sandbox.ledger()["differenceCount"].intValue == 0)
        }
    }

    @Test func aLostAnswerIsTheSameModificationOnTheRetryUnderItsKey() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let (id, _) = try await booked(sandbox)
            let quoteId = try #require(try await quote(sandbox, id, Self.longer).json["quoteId"].stringValue)
            let failed = try await modify(
                sandbox, id, quote: quoteId, version: 1, key: "m-1", fault: "error-500-after-commit")
            #expect(failed.status == 500)
            let retried = try await modify(sandbox, id, quote: quoteId, version: 1, key: "m-1")
            #expect(retried.status == 500)
            #expect(retried.headers["idempotent-replayed"] == "true")
            let read = try await sandbox.send("GET", "/v1/bookings/\(id)")
            #expect(read.json["version"].intValue == 2)
            #expect(read.json["checkOut"].stringValue == "2026-11-07")
            #expect(try await sandbox.ledger()["differenceCount"].intValue == 1)
        }
    }
}
