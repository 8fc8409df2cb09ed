import Foundation
import TestSupport
import Testing

@testable import BookingSandbox

/// `POST /v1/bookings/close-key`: the booking made under a key, or the key
/// closed so that nothing under it ever runs; a key still running is not
/// closed. Every bad input a clear answer, nothing charged.
@Suite struct KeyClosureTests {
    static func close(_ sandbox: Sandbox, _ key: String, account: String = "alice") async throws -> TestResponse {
        try await sandbox.send(
            "POST", "/v1/bookings/close-key", json: #"{"idempotencyKey":"\#(key)"}"#, account: account)
    }

    @Test(arguments: Transport.allCases)
    func aKeyNeverUsedIsClosedAndAPaymentUnderItLaterIsRefusedNeverRun(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            let closed = try await Self.close(sandbox, "k-late")
            #expect(closed.status == 200)
            #expect(closed.json["state"].stringValue == "CLOSED")
            #expect(closed.json["idempotencyKey"].stringValue == "k-late")
            #expect(closed.json["booking"] == .null)
            let late = try await sandbox.pay(holdID, token: "tok_visa", key: "k-late")
            #expect(late.status == 409)
            #expect(late.errorCode == "IDEMPOTENCY_KEY_CLOSED")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
            // The hold is still free: a new key pays it, once.
            let paid = try await sandbox.pay(holdID, token: "tok_visa", key: "k-new")
            #expect(paid.status == 201)
            #expect(paid.json["state"].stringValue == "CONFIRMED")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
        }
    }

    @Test(arguments: Transport.allCases)
    func closingTwiceAnswersClosedAgain(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            #expect(try await Self.close(sandbox, "k-twice").json["state"].stringValue == "CLOSED")
            let again = try await Self.close(sandbox, "k-twice")
            #expect(again.status == 200)
            #expect(again.json["state"].stringValue == "CLOSED")
        }
    }

    @Test(arguments: Transport.allCases)
    func aKeyThatBookedAnswersItsBookingAndStaysUsable(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            let paid = try await sandbox.pay(holdID, token: "tok_visa", key: "k-booked")
            let closing = try await Self.close(sandbox, "k-booked")
            #expect(closing.status == 200)
            #expect(closing.json["state"].stringValue == "USED")
            #expect(closing.json["booking"]["bookingId"] == paid.json["bookingId"])
            #expect(closing.json["booking"]["state"].stringValue == "CONFIRMED")
            // Not closed: the same request still replays its booking.
            let replay = try await sandbox.pay(holdID, token: "tok_visa", key: "k-booked")
            #expect(replay.status == 201)
            #expect(replay.header("Idempotent-Replayed") == "true")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
        }
    }

    @Test(arguments: Transport.allCases)
    func aKeyWithAStoredErrorAndNoBookingIsClosed(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            let failed = try await sandbox.pay(
                holdID, token: "tok_visa", key: "k-500", fault: "error-500-before-commit")
            #expect(failed.status == 500)
            #expect(try await Self.close(sandbox, "k-500").json["state"].stringValue == "CLOSED")
            let late = try await sandbox.pay(holdID, token: "tok_visa", key: "k-500")
            #expect(late.errorCode == "IDEMPOTENCY_KEY_CLOSED")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
        }
    }

    @Test(arguments: Transport.allCases)
    func anotherAccountsKeyIsOneThisAccountNeverUsed(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            _ = try await sandbox.pay(holdID, token: "tok_visa", key: "k-alice")
            let bobs = try await Self.close(sandbox, "k-alice", account: "bob")
            #expect(bobs.json["state"].stringValue == "CLOSED")
            #expect(bobs.json["booking"] == .null)  // nothing of alice's is shown
            #expect(try await Self.close(sandbox, "k-alice").json["state"].stringValue == "USED")
        }
    }

    @Test(.ownQueue, arguments: Transport.allCases)
    func aKeyStillRunningIsNotClosed(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdID = try await sandbox.heldID()
            async let slow = sandbox.pay(holdID, token: "tok_visa", key: "k-running", fault: "delay-ms=5000")
            try #require(
                try await Poll.until {
                    try await sandbox.send("GET", "/sandbox/idempotency.json", account: nil).json.items.contains {
                        $0["key"].stringValue == "k-running" && $0["state"].stringValue == "running"
                    }
                })
            let closing = try await Self.close(sandbox, "k-running")
            #expect(closing.status == 409)
            #expect(closing.errorCode == "IDEMPOTENCY_KEY_IN_USE")
            #expect(try await slow.status == 201)
            #expect(try await Self.close(sandbox, "k-running").json["state"].stringValue == "USED")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
        }
    }

    @Test(arguments: Transport.allCases)
    func badInputIsAValidationErrorAndClosesNothing(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            for body in [
                #"{}"#, #"{"idempotencyKey":""}"#, #"{"idempotencyKey":"k","extra":1}"#, #"{"idempotencyKey":"a b"}"#,
            ] {
                let response = try await sandbox.send("POST", "/v1/bookings/close-key", json: body)
                #expect(response.status == 400, "\(body)")
            }
            let get = try await sandbox.send("GET", "/v1/bookings/close-key")
            #expect(get.status == 405)
            let anonymous = try await Self.close(sandbox, "k", account: "")
            #expect(anonymous.status == 401)
        }
    }
}
