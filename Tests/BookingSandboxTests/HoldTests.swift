import Foundation
import Testing

@testable import BookingSandbox

@Suite struct HoldTests {
    @Test(arguments: Transport.allCases)
    func holdExpiresAfterTheTTLAndPayingItGivesExpired(transport: Transport) async throws {
        try await withSandbox(transport, holdTTLMilliseconds: 5_000) { sandbox in
            let hold = try await sandbox.hold()
            let id = hold["holdId"].stringValue!
            #expect(hold["state"].stringValue == "HELD")
            #expect(hold["expiresInMs"].intValue == 5_000)
            sandbox.clock.advance(milliseconds: 2_000)
            #expect(try await sandbox.send("GET", "/v1/holds/\(id)").json["expiresInMs"].intValue == 3_000)
            sandbox.clock.advance(milliseconds: 3_000)
            let expired = try await sandbox.send("GET", "/v1/holds/\(id)").json
            #expect(expired["state"].stringValue == "EXPIRED")
            #expect(expired["expiresInMs"].intValue == 0)
            let booking = try await sandbox.pay(id, token: "tok_visa", key: "late")
            #expect(booking.json["state"].stringValue == "EXPIRED")
            #expect(booking.json["failure"]["code"].stringValue == "hold_expired")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
        }
    }

    @Test(arguments: Transport.allCases)
    func extendingRestartsTheTTLUpToTheLimit(transport: Transport) async throws {
        try await withSandbox(
            transport, holdTTLMilliseconds: 10_000, configure: { $0.maximumHoldExtensions = 1 }
        ) { sandbox in
            let id = try await sandbox.heldID()
            sandbox.clock.advance(milliseconds: 8_000)
            let extended = try await sandbox.send("POST", "/v1/holds/\(id)/extend", key: "e-1")
            #expect(extended.status == 200)
            #expect(extended.json["expiresInMs"].intValue == 10_000)
            #expect(extended.json["version"].intValue == 2)
            #expect(extended.json["extensionsLeft"].intValue == 0)
            let again = try await sandbox.send("POST", "/v1/holds/\(id)/extend", json: "{}", key: "e-2")
            #expect(again.errorCode == "HOLD_EXTENSION_LIMIT")
            sandbox.clock.advance(milliseconds: 10_000)
            let late = try await sandbox.send("POST", "/v1/holds/\(id)/extend", key: "e-3")
            #expect(late.errorCode == "HOLD_EXTENSION_LIMIT" || late.errorCode == "HOLD_EXPIRED")
        }
    }

    @Test(arguments: Transport.allCases)
    func threeDSecureLeftPendingExpiresWithItsHold(transport: Transport) async throws {
        try await withSandbox(transport, holdTTLMilliseconds: 5_000) { sandbox in
            let id = try await sandbox.book(token: "tok_threeDSecureRequired").json["bookingId"].stringValue!
            sandbox.clock.advance(milliseconds: 6_000)
            let read = try await sandbox.send("GET", "/v1/bookings/\(id)")
            #expect(read.json["state"].stringValue == "EXPIRED")
            #expect(read.json["version"].intValue == 2)
            let late = try await sandbox.send("POST", "/v1/sandbox/challenges/\(id)", json: #"{"result":"pass"}"#)
            #expect(late.errorCode == "CHALLENGE_NOT_PENDING")
        }
    }

    @Test(arguments: Transport.allCases)
    func priceChangedAnswersTheNewPriceAndQuote(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let offer = try await sandbox.firstOffer()
            let offerId = offer["offerId"].stringValue!
            let changed = try await sandbox.send(
                "POST", "/v1/holds", json: #"{"offerId":"\#(offerId)","quoteId":"\#(offer["quoteId"].stringValue!)"}"#,
                key: "p-1", fault: "price-changed")
            #expect(changed.status == 409)
            #expect(changed.errorCode == "PRICE_CHANGED")
            let newQuote = changed.json["error"]["quoteId"].stringValue!
            #expect(newQuote != offer["quoteId"].stringValue)
            #expect(
                changed.json["error"]["price"]["total"]["amount"].intValue! > offer["price"]["total"]["amount"]
                    .intValue!)
            // The old quote is now stale too; the new one holds.
            let stale = try await sandbox.send(
                "POST", "/v1/holds", json: #"{"offerId":"\#(offerId)","quoteId":"\#(offer["quoteId"].stringValue!)"}"#,
                key: "p-2")
            #expect(stale.errorCode == "PRICE_CHANGED")
            let accepted = try await sandbox.send(
                "POST", "/v1/holds", json: #"{"offerId":"\#(offerId)","quoteId":"\#(newQuote)"}"#, key: "p-3")
            #expect(accepted.status == 201)
            #expect(accepted.json["price"] == changed.json["error"]["price"])
        }
    }

    @Test(arguments: Transport.allCases)
    func soldOutWhenEveryRoomIsHeldOrForced(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let offer = try await sandbox.firstOffer()
            let body = Sandbox.holdBody(offer)
            let forced = try await sandbox.send("POST", "/v1/holds", json: body, key: "forced", fault: "sold-out")
            #expect(forced.status == 409)
            #expect(forced.errorCode == "SOLD_OUT")
            var statuses: [Int] = []
            for attempt in 0..<12 {
                statuses.append(try await sandbox.send("POST", "/v1/holds", json: body, key: "h-\(attempt)").status)
            }
            #expect(statuses.first == 201)
            #expect(statuses.last == 409)
            #expect(statuses.firstIndex(of: 409).map { statuses[$0...].allSatisfy { $0 == 409 } } == true)
        }
    }
}
