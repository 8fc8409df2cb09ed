import Foundation
import TestSupport
import Testing

@testable import BookingSandbox

/// `POST /v1/bookings/{bookingId}/abandon`: a pending 3-D Secure left ends
/// unpaid and frees its hold; the bank's late answer is refused and never
/// charges; a booking the bank passed is never abandoned.
@Suite struct BookingAbandonTests {
    static func abandon(
        _ sandbox: Sandbox, _ bookingID: String, key: String = UUID().uuidString, account: String = "alice"
    ) async throws -> TestResponse {
        try await sandbox.send("POST", "/v1/bookings/\(bookingID)/abandon", key: key, account: account)
    }

    static func challenge(_ sandbox: Sandbox, _ bookingID: String, pass: Bool) async throws -> TestResponse {
        try await sandbox.send(
            "POST", "/v1/sandbox/challenges/\(bookingID)", json: #"{"result":"\#(pass ? "pass" : "fail")"}"#)
    }

    @Test(arguments: Transport.allCases)
    func anAbandonedChallengeEndsUnpaidAndTheSameHoldPaysOnceUnderANewKey(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            let pending = try await sandbox.pay(holdID, token: "tok_threeDSecureRequired")
            #expect(pending.json["state"].stringValue == "ACTION_REQUIRED")
            let bookingID = try #require(pending.json["bookingId"].stringValue)
            let abandoned = try await Self.abandon(sandbox, bookingID)
            #expect(abandoned.status == 200)
            #expect(abandoned.json["state"].stringValue == "FAILED")
            #expect(abandoned.json["nextAction"] == .null)
            // The bank's late answer is refused and never charges.
            let late = try await Self.challenge(sandbox, bookingID, pass: true)
            #expect(late.status == 409)
            #expect(late.errorCode == "CHALLENGE_NOT_PENDING")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
            // The hold is free: another card pays it under a new key, once.
            let paid = try await sandbox.pay(holdID, token: "tok_visa")
            #expect(paid.json["state"].stringValue == "CONFIRMED")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
        }
    }

    @Test(arguments: Transport.allCases)
    func abandoningTwiceAnswersTheSame(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let pending = try await sandbox.book(token: "tok_threeDSecureRequired")
            let bookingID = try #require(pending.json["bookingId"].stringValue)
            let first = try await Self.abandon(sandbox, bookingID, key: "a-1")
            let replay = try await Self.abandon(sandbox, bookingID, key: "a-1")
            let newKey = try await Self.abandon(sandbox, bookingID, key: "a-2")
            for response in [first, replay, newKey] {
                #expect(response.status == 200)
                #expect(response.json["state"].stringValue == "FAILED")
                #expect(response.json["version"] == first.json["version"])
            }
            #expect(replay.header("Idempotent-Replayed") == "true")
        }
    }

    @Test(arguments: Transport.allCases)
    func aBookingTheBankPassedIsNeverAbandoned(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let confirmed = try await sandbox.book(token: "tok_visa")
            let refused = try await Self.abandon(sandbox, try #require(confirmed.json["bookingId"].stringValue))
            #expect(refused.status == 409)
            #expect(refused.errorCode == "BOOKING_NOT_ABANDONABLE")
            #expect(refused.json["error"]["state"].stringValue == "CONFIRMED")
            let pending = try await sandbox.book(token: "tok_threeDSecureRequired")
            let bookingID = try #require(pending.json["bookingId"].stringValue)
            _ = try await Self.challenge(sandbox, bookingID, pass: true)
            let afterPass = try await Self.abandon(sandbox, bookingID)
            #expect(afterPass.status == 409)
            #expect(afterPass.errorCode == "BOOKING_NOT_ABANDONABLE")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 2)
        }
    }

    @Test(arguments: Transport.allCases)
    func anotherAccountsBookingOrAnUnknownOneIsNotFound(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let pending = try await sandbox.book(token: "tok_threeDSecureRequired")
            let bookingID = try #require(pending.json["bookingId"].stringValue)
            #expect(try await Self.abandon(sandbox, bookingID, account: "bob").status == 404)
            #expect(try await Self.abandon(sandbox, "bk_0000000000000000").status == 404)
            let still = try await sandbox.send("GET", "/v1/bookings/\(bookingID)")
            #expect(still.json["state"].stringValue == "ACTION_REQUIRED")
            let noKey = try await sandbox.send("POST", "/v1/bookings/\(bookingID)/abandon")
            #expect(noKey.status == 400)
        }
    }
}
