import BookingPrimitives
import Foundation
import Testing

@testable import BookingSandbox

/// The sandbox's terms of cancelling, on the wire: every offer, hold and
/// booking carries its room's terms (every room but the standard double
/// free until 18:00 hotel time two days before check-in, then the first
/// night; the standard double non-refundable), `freeCancellation=true`
/// keeps exactly the rooms free to cancel now, and the cancellation's
/// quote and the ledger's refund follow the terms on the sandbox's clock.
@Suite struct CancellationPolicyTests {
    /// 2026-11-01T18:00Z: 18:00 in Lisbon (UTC+0 in November) two days before the 3rd.
    static let lisbonDeadline: Int64 = 1_793_556_000_000

    private static func offers(_ sandbox: Sandbox, _ place: String, free: Bool = false) async throws -> [JSONValue] {
        let response = try await sandbox.send(
            "GET",
            "/v1/offers?placeId=\(place)&checkIn=2026-11-03&checkOut=2026-11-06&guests=2&limit=50"
                + (free ? "&freeCancellation=true" : ""))
        #expect(response.status == 200, "\(response.json)")
        return response.json["items"].items
    }

    private static func quote(_ sandbox: Sandbox, _ id: String) async throws -> JSONValue {
        let quoted = try await sandbox.send("POST", "/v1/bookings/\(id)/cancellation-quotes", key: nil)
        #expect(quoted.status == 201, "\(quoted.json)")
        return quoted.json
    }

    private static func refunds(_ sandbox: Sandbox, _ id: String) async throws -> [JSONValue] {
        try await sandbox.ledger()["entries"].items.filter {
            $0["kind"].stringValue == "refund" && $0["bookingId"].stringValue == id
        }
    }

    @Test(arguments: Transport.allCases)
    func everyOfferCarriesItsRoomsTermsAndTheFilterKeepsTheRoomsFreeToCancelNow(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let offers = try await Self.offers(sandbox, "plc_lisbon")
            #expect(offers.count > 3)
            for offer in offers {
                let terms = offer["cancellation"]
                #expect(terms["timeZone"].stringValue == "Europe/Lisbon")
                if offer["room"]["type"].stringValue == "std" {
                    #expect(terms["kind"].stringValue == "NON_REFUNDABLE")
                    #expect(terms["freeUntil"].isNull)
                    #expect(terms["penalty"] == offer["price"]["total"])
                } else {
                    #expect(terms["kind"].stringValue == "FREE_UNTIL")
                    #expect(terms["freeUntil"].stringValue == "2026-11-01T18:00:00.000Z")
                    #expect(terms["penalty"] == offer["price"]["nightly"])
                }
            }
            // New York's clocks went back at 02:00 that day: 18:00 there is 23:00 UTC.
            let york = try #require(
                try await Self.offers(sandbox, "plc_new_york").first { $0["room"]["type"] != "std" })
            #expect(york["cancellation"]["timeZone"].stringValue == "America/New_York")
            #expect(york["cancellation"]["freeUntil"].stringValue == "2026-11-01T23:00:00.000Z")

            let refundable = offers.filter { $0["room"]["type"].stringValue != "std" }.map(\.["offerId"])
            #expect(try await Self.offers(sandbox, "plc_lisbon", free: true).map(\.["offerId"]) == refundable)
            sandbox.clock.advance(milliseconds: Self.lisbonDeadline - sandbox.clock.now)
            #expect(try await Self.offers(sandbox, "plc_lisbon", free: true).isEmpty, "no room is free to cancel now")
            #expect(
                try await Self.offers(sandbox, "plc_lisbon").map(\.["cancellation"]) == offers.map(\.["cancellation"]))
        }
    }

    @Test(arguments: Transport.allCases)
    func theHoldAndTheBookingKeepTheTermsAndACancelAfterTheDeadlineKeepsTheFirstNight(transport: Transport)
        async throws
    {
        try await withSandbox(transport) { sandbox in
            let offer = try await sandbox.firstOffer(refundable: true)
            let hold = try await sandbox.hold(refundable: true)
            #expect(hold["cancellation"] == offer["cancellation"])
            let booking = try await sandbox.pay(hold["holdId"].stringValue, token: "tok_visa").json
            #expect(booking["cancellation"] == offer["cancellation"])
            let id = try #require(booking["bookingId"].stringValue)
            #expect(try await sandbox.send("GET", "/v1/bookings/\(id)").json["cancellation"] == offer["cancellation"])
            let total = try #require(booking["price"]["total"]["amount"].intValue)
            let night = try #require(booking["price"]["nightly"]["amount"].intValue)

            let before = try await Self.quote(sandbox, id)
            #expect(before["refund"]["amount"].intValue == total)
            #expect(before["penalty"]["amount"].intValue == 0)
            sandbox.clock.advance(milliseconds: Self.lisbonDeadline - 1 - sandbox.clock.now)
            #expect(try await Self.quote(sandbox, id)["penalty"]["amount"].intValue == 0, "free until the deadline")
            sandbox.clock.advance(milliseconds: 1)
            let after = try await Self.quote(sandbox, id)
            #expect(after["penalty"]["amount"].intValue == night)
            #expect(after["refund"]["amount"].intValue == total - night)

            let quoteId = try #require(after["quoteId"].stringValue)
            let cancelled = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/cancel", json: #"{"version":1,"quoteId":"\#(quoteId)"}"#, key: "c-1")
            #expect(cancelled.status == 200, "\(cancelled.json)")
            #expect(cancelled.json["refund"]["amount"] == after["refund"])
            #expect(try await Self.refunds(sandbox, id).map(\.["amount"]) == [after["refund"]])
        }
    }

    @Test(arguments: Transport.allCases)
    func aNonRefundableBookingsQuoteAndRefundGiveNothingBack(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let booking = try await sandbox.book(token: "tok_visa").json
            #expect(booking["room"]["type"].stringValue == "std")
            #expect(booking["cancellation"]["kind"].stringValue == "NON_REFUNDABLE")
            let id = try #require(booking["bookingId"].stringValue)
            let quote = try await Self.quote(sandbox, id)
            #expect(quote["refund"]["amount"].intValue == 0)
            #expect(quote["penalty"] == booking["price"]["total"])
            let cancelled = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/cancel", json: #"{"version":1}"#, key: "c-1")
            #expect(cancelled.status == 200, "\(cancelled.json)")
            #expect(try await Self.refunds(sandbox, id).map { $0["amount"]["amount"].intValue } == [0])
        }
    }
}
