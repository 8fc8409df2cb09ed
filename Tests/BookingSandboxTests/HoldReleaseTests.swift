import Foundation
import TestSupport
import Testing

@testable import BookingSandbox

/// `POST /v1/holds/{holdId}/release`: a hold given up frees its room at
/// once; releasing again answers the same; a hold a live booking uses is
/// never released; another account's hold or an unknown one is 404.
@Suite struct HoldReleaseTests {
    static func release(
        _ sandbox: Sandbox, _ holdID: String, key: String = UUID().uuidString, account: String = "alice",
        json: String? = nil
    ) async throws -> TestResponse {
        try await sandbox.send("POST", "/v1/holds/\(holdID)/release", json: json, key: key, account: account)
    }

    /// Holds the first Lisbon offer until the server says it is sold out;
    /// returns the holds made.
    static func holdUntilSoldOut(_ sandbox: Sandbox) async throws -> [String] {
        let offer = try await sandbox.firstOffer()
        var holds: [String] = []
        for _ in 0..<20 {
            let response = try await sandbox.send(
                "POST", "/v1/holds", json: Sandbox.holdBody(offer), key: UUID().uuidString)
            if response.status == 409 {
                #expect(response.errorCode == "SOLD_OUT")
                return holds
            }
            holds.append(try #require(response.json["holdId"].stringValue))
        }
        Issue.record("the offer never sold out")
        return holds
    }

    @Test(arguments: Transport.allCases)
    func aReleasedHoldFreesItsRoomAtOnce(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holds = try await Self.holdUntilSoldOut(sandbox)
            let first = try #require(holds.first)
            let released = try await Self.release(sandbox, first)
            #expect(released.status == 200)
            #expect(released.json["holdId"].stringValue == first)
            #expect(released.json["state"].stringValue == "EXPIRED")
            #expect(released.json["expiresInMs"].intValue == 0)
            #expect(try await sandbox.send("GET", "/v1/holds/\(first)").json["state"].stringValue == "EXPIRED")
            // The room is free for a new hold now, not in 15 minutes.
            let offer = try await sandbox.firstOffer()
            let again = try await sandbox.send(
                "POST", "/v1/holds", json: Sandbox.holdBody(offer), key: UUID().uuidString)
            #expect(again.status == 201)
            // Paying the released hold is answered as for an expired one; nothing charged.
            let late = try await sandbox.pay(first, token: "tok_visa")
            #expect(late.json["state"].stringValue == "EXPIRED")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
        }
    }

    @Test(arguments: Transport.allCases)
    func releasingTwiceAnswersTheSame(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            let first = try await Self.release(sandbox, holdID, key: "r-1")
            let replay = try await Self.release(sandbox, holdID, key: "r-1")
            let newKey = try await Self.release(sandbox, holdID, key: "r-2", json: "{}")
            for response in [first, replay, newKey] {
                #expect(response.status == 200)
                #expect(response.json["state"].stringValue == "EXPIRED")
            }
            #expect(replay.header("Idempotent-Replayed") == "true")
        }
    }

    @Test(arguments: Transport.allCases)
    func aHoldALiveBookingUsesIsNeverReleased(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            for token in ["tok_visa", "tok_threeDSecureRequired"] {
                let holdID = try await sandbox.heldID()
                let paid = try await sandbox.pay(holdID, token: token)
                let refused = try await Self.release(sandbox, holdID)
                #expect(refused.status == 409, "\(token)")
                #expect(refused.errorCode == "HOLD_ALREADY_BOOKED", "\(token)")
                #expect(refused.json["error"]["bookingId"] == paid.json["bookingId"], "\(token)")
                let booking = try await sandbox.send("GET", "/v1/bookings/\(paid.json["bookingId"].stringValue ?? "")")
                #expect(booking.json["state"] == paid.json["state"], "\(token)")
            }
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
        }
    }

    @Test(arguments: Transport.allCases)
    func aDeclinedHoldCanBeReleased(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            let declined = try await sandbox.pay(holdID, token: "tok_chargeDeclined")
            #expect(declined.json["state"].stringValue == "FAILED")
            #expect(try await Self.release(sandbox, holdID).json["state"].stringValue == "EXPIRED")
        }
    }

    @Test(arguments: Transport.allCases)
    func anotherAccountsHoldOrAnUnknownOneIsNotFound(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            let bobs = try await Self.release(sandbox, holdID, account: "bob")
            #expect(bobs.status == 404)
            #expect(try await sandbox.send("GET", "/v1/holds/\(holdID)").json["state"].stringValue == "HELD")
            #expect(try await Self.release(sandbox, "hold_0000000000000000").status == 404)
            #expect(try await Self.release(sandbox, "nothing").status == 404)
        }
    }

    @Test(arguments: Transport.allCases)
    func badInputIsRefusedAndReleasesNothing(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            let noKey = try await sandbox.send("POST", "/v1/holds/\(holdID)/release")
            #expect(noKey.status == 400)
            #expect(noKey.errorCode == "IDEMPOTENCY_KEY_MISSING")
            #expect(try await Self.release(sandbox, holdID, json: #"{"extra":1}"#).status == 400)
            #expect(try await sandbox.send("GET", "/v1/holds/\(holdID)/release").status == 405)
            #expect(try await sandbox.send("GET", "/v1/holds/\(holdID)").json["state"].stringValue == "HELD")
        }
    }
}
