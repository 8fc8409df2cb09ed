import Foundation
import Testing

@testable import BookingSandbox

@Suite struct PaymentTests {
    @Test(arguments: Transport.allCases)
    func visaConfirmsWithVoucherAndOneCharge(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let response = try await sandbox.book(token: "tok_visa", key: "k-visa")
            #expect(response.status == 201)
            let booking = response.json
            #expect(booking["state"].stringValue == "CONFIRMED")
            #expect(booking["version"].intValue == 1)
            #expect(booking["voucherCode"].stringValue?.hasPrefix("BK-") == true)
            #expect(booking["nextAction"].isNull)
            let ledger = try await sandbox.ledger()
            #expect(ledger["chargeCount"].intValue == 1)
            #expect(ledger["entries"][0]["amount"] == booking["price"]["total"])
            #expect(ledger["chargesByHold"][booking["holdId"].stringValue!].intValue == 1)
            let trips = try await sandbox.send("GET", "/v1/bookings")
            #expect(trips.json["items"].items.count == 1)
            #expect(trips.json["items"][0]["voucherCode"] == booking["voucherCode"])
            #expect(trips.json["nextCursor"].isNull)
        }
    }

    @Test(arguments: Transport.allCases)
    func declinedTokenFailsWithDeclineCodeAndFreesTheHold(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let holdId = try await sandbox.heldID()
            let declined = try await sandbox.pay(holdId, token: "tok_chargeDeclined", key: "k-1")
            #expect(declined.json["state"].stringValue == "FAILED")
            #expect(declined.json["failure"]["code"].stringValue == "card_declined")
            #expect(declined.json["failure"]["declineCode"].stringValue == "generic_decline")
            // A new attempt (new key) may pay the same hold with another card.
            let retry = try await sandbox.pay(holdId, token: "tok_visa", key: "k-2")
            #expect(retry.json["state"].stringValue == "CONFIRMED")
            // A third attempt finds the room taken.
            let third = try await sandbox.pay(holdId, token: "tok_visa", key: "k-3")
            #expect(third.status == 409)
            #expect(third.errorCode == "HOLD_ALREADY_BOOKED")
            #expect(third.json["error"]["bookingId"] == retry.json["bookingId"])
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
        }
    }

    @Test(arguments: Transport.allCases)
    func threeDSecurePassProcessesThenConfirms(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let created = try await sandbox.book(token: "tok_threeDSecureRequired")
            let booking = created.json
            #expect(booking["state"].stringValue == "ACTION_REQUIRED")
            #expect(booking["nextAction"]["type"].stringValue == "redirect")
            #expect(booking["nextAction"]["url"].stringValue?.hasPrefix("http://127.0.0.1") == true)
            #expect(
                booking["nextAction"]["url"].stringValue?.contains(
                    "/sandbox/3ds/\(booking["bookingId"].stringValue ?? "?")?token=")
                    == true)
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
            let id = booking["bookingId"].stringValue!
            let passed = try await sandbox.send("POST", "/v1/sandbox/challenges/\(id)", json: #"{"result":"pass"}"#)
            #expect(passed.json["state"].stringValue == "PROCESSING")
            #expect(passed.json["version"].intValue == 2)
            let read = try await sandbox.send("GET", "/v1/bookings/\(id)")
            #expect(read.json["state"].stringValue == "CONFIRMED")
            #expect(read.json["version"].intValue == 3)
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
            let again = try await sandbox.send("POST", "/v1/sandbox/challenges/\(id)", json: #"{"result":"pass"}"#)
            #expect(again.errorCode == "CHALLENGE_NOT_PENDING")
        }
    }

    @Test(arguments: Transport.allCases)
    func threeDSecureFailFails(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let id = try await sandbox.book(token: "tok_threeDSecureRequired").json["bookingId"].stringValue!
            let failed = try await sandbox.send("POST", "/v1/sandbox/challenges/\(id)", json: #"{"result":"fail"}"#)
            #expect(failed.json["state"].stringValue == "FAILED")
            #expect(failed.json["failure"]["code"].stringValue == "authentication_failed")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
        }
    }

    @Test(arguments: Transport.allCases)
    func processingErrorFailsOnNextRead(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let created = try await sandbox.book(token: "tok_processingError", key: "k-proc")
            #expect(created.json["state"].stringValue == "PROCESSING")
            let read = try await sandbox.send("GET", "/v1/bookings?attempt=k-proc")
            #expect(read.json["state"].stringValue == "FAILED")
            #expect(read.json["version"].intValue == 2)
            #expect(read.json["failure"]["code"].stringValue == "processing_error")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
        }
    }

    @Test(arguments: Transport.allCases)
    func unknownTokenIs400(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let response = try await sandbox.book(token: "tok_mastercard")
            #expect(response.status == 400)
            #expect(response.errorCode == "INVALID_PAYMENT_TOKEN")
        }
    }

    @Test(arguments: Transport.allCases)
    func cancelNeedsTheCurrentVersionAndRefunds(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let booking = try await sandbox.book(token: "tok_visa").json
            let id = booking["bookingId"].stringValue!
            let stale = try await sandbox.send("POST", "/v1/bookings/\(id)/cancel", json: #"{"version":7}"#, key: "c-1")
            #expect(stale.status == 409)
            #expect(stale.errorCode == "VERSION_CONFLICT")
            #expect(stale.json["error"]["version"].intValue == 1)
            let cancelled = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/cancel", json: #"{"version":1}"#, key: "c-2")
            #expect(cancelled.status == 200)
            #expect(cancelled.json["state"].stringValue == "CANCELLED")
            #expect(cancelled.json["version"].intValue == 2)
            let again = try await sandbox.send("POST", "/v1/bookings/\(id)/cancel", json: #"{"version":2}"#, key: "c-3")
            #expect(again.errorCode == "BOOKING_NOT_CANCELLABLE")
            let ledger = try await sandbox.ledger()
            #expect(ledger["chargeCount"].intValue == 1)
            #expect(ledger["refundCount"].intValue == 1)
        }
    }

    @Test(arguments: Transport.allCases)
    func nothingCrossesAccounts(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let booking = try await sandbox.book(token: "tok_visa", key: "k-alice").json
            let id = booking["bookingId"].stringValue!
            #expect(try await sandbox.send("GET", "/v1/bookings/\(id)", account: "mallory").status == 404)
            #expect(try await sandbox.send("GET", "/v1/bookings?attempt=k-alice", account: "mallory").status == 404)
            #expect(
                try await sandbox.send("GET", "/v1/holds/\(booking["holdId"].stringValue!)", account: "mallory").status
                    == 404)
            #expect(try await sandbox.send("GET", "/v1/bookings", account: "mallory").json["items"].items.isEmpty)
            #expect(try await sandbox.ledger(account: "mallory")["chargeCount"].intValue == 0)
            let pay = try await sandbox.pay(
                booking["holdId"].stringValue, token: "tok_visa", key: "m", account: "mallory")
            #expect(pay.status == 404)
        }
    }

    @Test(arguments: Transport.allCases)
    func missingOrForeignTokenIs401(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let none = try await sandbox.send("GET", "/v1/bookings", account: nil)
            #expect(none.status == 401)
            #expect(none.errorCode == "UNAUTHENTICATED")
            let live = try await sandbox.send(
                "GET", "/v1/bookings", account: nil, headers: ["Authorization": "Bearer sk_live_alice"])
            #expect(live.status == 401)
            let empty = try await sandbox.send(
                "GET", "/v1/bookings", account: nil, headers: ["Authorization": "Bearer sk_test_"])
            #expect(empty.status == 401)
        }
    }
}
