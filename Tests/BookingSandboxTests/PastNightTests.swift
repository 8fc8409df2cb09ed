import Foundation
import Testing

@testable import BookingSandbox

/// A night that has ended is never sold or charged: a hold for a check-in
/// day already past (in the sandbox's clock, UTC days) is refused, a hold
/// lasts at most until its check-in day ends, and paying it later gives an
/// `EXPIRED` booking with nothing charged.
@Suite struct PastNightTests {
    /// The manual clock starts at 2026-06-01T00:00:00Z.
    private static let hour: Int64 = 3_600_000

    /// Finds a Lisbon offer checking in 2026-06-01, moves the clock on by
    /// `milliseconds`, then asks to hold it.
    private static func holdForJuneFirst(_ sandbox: Sandbox, after milliseconds: Int64, key: String) async throws
        -> TestResponse
    {
        let offers = try await sandbox.send(
            "GET", "/v1/offers?placeId=plc_lisbon&checkIn=2026-06-01&checkOut=2026-06-03&guests=2")
        #expect(offers.status == 200)
        let offer = offers.json["items"][0]
        sandbox.clock.advance(milliseconds: milliseconds)
        return try await sandbox.send(
            "POST", "/v1/holds",
            json:
                #"{"offerId":"\#(offer["offerId"].stringValue ?? "")","quoteId":"\#(offer["quoteId"].stringValue ?? "")"}"#,
            key: key)
    }

    @Test(arguments: Transport.allCases)
    func aHoldForACheckInDayAlreadyPastIsRefused(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            // A day later, 2026-06-01 is in the past.
            let hold = try await Self.holdForJuneFirst(sandbox, after: 24 * Self.hour + 60_000, key: "late-hold")
            #expect(hold.status == 400, "\(String(decoding: hold.body, as: UTF8.self))")
            #expect(hold.errorCode == "VALIDATION_ERROR")
            #expect(hold.json["error"]["field"].stringValue == "checkIn")
            let search = try await sandbox.send(
                "GET", "/v1/offers?placeId=plc_lisbon&checkIn=2026-06-01&checkOut=2026-06-03&guests=2")
            #expect(search.errorCode == "VALIDATION_ERROR")
        }
    }

    @Test(arguments: Transport.allCases)
    func aHoldEndsWithItsCheckInDayAndPayingItAfterwardsChargesNothing(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            // 23:55 on the check-in day: five minutes of it are left.
            let held = try await Self.holdForJuneFirst(sandbox, after: 24 * Self.hour - 5 * 60_000, key: "evening-hold")
            #expect(held.status == 201)
            #expect(held.json["expiresInMs"].intValue == 300_000)
            let id = try #require(held.json["holdId"].stringValue)
            // 00:01 the next day: the hold is over although its TTL is not.
            sandbox.clock.advance(milliseconds: 6 * 60_000)
            let read = try await sandbox.send("GET", "/v1/holds/\(id)").json
            #expect(read["state"].stringValue == "EXPIRED")
            #expect(read["expiresInMs"].intValue == 0)
            let booking = try await sandbox.pay(id, token: "tok_visa", key: "after-midnight")
            #expect(booking.status == 201)
            #expect(booking.json["state"].stringValue == "EXPIRED")
            #expect(booking.json["failure"]["code"].stringValue == "hold_expired")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
            let extend = try await sandbox.send("POST", "/v1/holds/\(id)/extend", key: "extend-late")
            #expect(extend.errorCode == "HOLD_EXPIRED" || extend.errorCode == "HOLD_ALREADY_BOOKED")
        }
    }

    @Test(arguments: Transport.allCases)
    func aChallengePassedAfterTheCheckInDayChargesNothing(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let held = try await Self.holdForJuneFirst(sandbox, after: 24 * Self.hour - 5 * 60_000, key: "evening-hold")
            let holdID = try #require(held.json["holdId"].stringValue)
            let booking = try await sandbox.pay(holdID, token: "tok_threeDSecureRequired", key: "pay-3ds")
            #expect(booking.json["state"].stringValue == "ACTION_REQUIRED")
            let bookingID = try #require(booking.json["bookingId"].stringValue)
            sandbox.clock.advance(milliseconds: 6 * 60_000)
            _ = try await sandbox.send("POST", "/v1/sandbox/challenges/\(bookingID)", json: #"{"result":"pass"}"#)
            let read = try await sandbox.send("GET", "/v1/bookings/\(bookingID)").json
            #expect(read["state"].stringValue == "EXPIRED")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
        }
    }
}
