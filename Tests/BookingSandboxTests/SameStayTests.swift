import Foundation
import Testing

@testable import BookingSandbox

/// `POST /v1/bookings` with `ifStayNotBooked: true`: a payment that asks
/// is refused when the account already has a booking of the same stay
/// (property, room type, dates) through another hold, confirmed or being
/// paid, whichever device made it. Without the condition, a second room is
/// booked as before.
@Suite struct SameStayTests {
    /// Pays `holdID` with `tok_visa`, asking for the condition (or not).
    static func pay(_ sandbox: Sandbox, _ holdID: String, condition: Bool?, key: String = UUID().uuidString)
        async throws -> TestResponse
    {
        let field = condition.map { #","ifStayNotBooked":\#($0)"# } ?? ""
        return try await sandbox.send(
            "POST", "/v1/bookings", json: #"{"holdId":"\#(holdID)","paymentToken":"tok_visa"\#(field)}"#, key: key)
    }

    @Test(arguments: [Transport.inProcess, .loopback])
    func aStayBookedThroughAnotherHoldIsRefusedWhenAskedAndBookedWhenNot(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let first = try await sandbox.heldID()
            let booked = try await Self.pay(sandbox, first, condition: true)
            #expect(booked.status == 201)
            let bookingID = try #require(booked.json["bookingId"].stringValue)

            let second = try await sandbox.heldID()
            let refused = try await Self.pay(sandbox, second, condition: true, key: "asks")
            #expect(refused.status == 409)
            #expect(refused.errorCode == "STAY_ALREADY_BOOKED")
            #expect(refused.json["error"]["bookingId"].stringValue == bookingID)
            // Stored under the key; nothing charged; the hold still payable.
            let replayed = try await Self.pay(sandbox, second, condition: true, key: "asks")
            #expect(replayed.errorCode == "STAY_ALREADY_BOOKED")
            #expect(replayed.header("Idempotent-Replayed") == "true")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
            #expect(try await sandbox.send("GET", "/v1/holds/\(second)").json["state"].stringValue == "HELD")

            // The traveller asked for a second room: no condition, booked.
            for condition in [false, nil] as [Bool?] {
                let again = try await Self.pay(sandbox, try await sandbox.heldID(), condition: condition)
                #expect(again.json["state"].stringValue == "CONFIRMED")
            }
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 3)
        }
    }

    @Test func aPaymentWaitingForTheBankCountsAndOtherStaysAccountsAndFailuresDoNot() async throws {
        try await withSandbox(.inProcess) { sandbox in
            // Declined: no booking of the stay.
            #expect(try await sandbox.pay(try await sandbox.heldID(), token: "tok_chargeDeclined").status == 201)
            // Another account's booking of the stay.
            let bobs = try await sandbox.heldID(account: "bob")
            #expect(try await sandbox.pay(bobs, token: "tok_visa", account: "bob").status == 201)
            // Another stay: another Lisbon offer.
            let other = try await CouponTests.heldOffer(sandbox, 1)
            #expect(try await Self.pay(sandbox, other, condition: true).status == 201)
            // None of those: paid. Then a 3-D Secure payment pending counts.
            let pending = try await sandbox.pay(try await sandbox.heldID(), token: "tok_threeDSecureRequired")
            #expect(pending.json["state"].stringValue == "ACTION_REQUIRED")
            let refused = try await Self.pay(sandbox, try await sandbox.heldID(), condition: true)
            #expect(refused.errorCode == "STAY_ALREADY_BOOKED")
            #expect(refused.json["error"]["bookingId"] == pending.json["bookingId"])
        }
    }

    @Test func theConditionIsABooleanAndPartOfWhatTheKeyIsBoundTo() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let holdID = try await sandbox.heldID()
            let bad = try await sandbox.send(
                "POST", "/v1/bookings",
                json: #"{"holdId":"\#(holdID)","paymentToken":"tok_visa","ifStayNotBooked":"yes"}"#,
                key: UUID().uuidString)
            #expect(bad.status == 400)
            #expect(bad.json["error"]["field"].stringValue == "ifStayNotBooked")
            #expect(try await Self.pay(sandbox, holdID, condition: true, key: "k").status == 201)
            let changed = try await Self.pay(sandbox, holdID, condition: false, key: "k")
            #expect(changed.status == 422)
            #expect(changed.errorCode == "IDEMPOTENCY_KEY_REUSED")
        }
    }
}
