import BookingPrimitives
import Foundation
import TestSupport
import Testing

@testable import BookingSandbox

/// `POST /v1/holds/{holdId}/coupon`: a code re-quotes a hold at the
/// discounted price, which a booking paid on it is charged once; every
/// refusal is named and leaves the hold as it was.
@Suite struct CouponTests {
    static func apply(
        _ sandbox: Sandbox, _ holdID: String, _ code: String, account: String = "alice"
    ) async throws -> TestResponse {
        try await sandbox.send("POST", "/v1/holds/\(holdID)/coupon", json: #"{"code":"\#(code)"}"#, account: account)
    }

    /// Holds the first offer of `place`; returns the hold body.
    static func hold(_ sandbox: Sandbox, place: String, account: String = "alice") async throws -> JSONValue {
        let offer = try await sandbox.firstOffer(place: place)
        let response = try await sandbox.send(
            "POST", "/v1/holds", json: Sandbox.holdBody(offer), key: UUID().uuidString, account: account)
        #expect(response.status == 201)
        return response.json
    }

    /// What a hold read again shows of a coupon.
    struct Seen: Equatable {
        var total: Int64?
        var version: Int64?
        var code: String?
    }

    /// The hold `holdID` read again: its total, version and code.
    static func read(_ sandbox: Sandbox, _ holdID: String) async throws -> Seen {
        let hold = try await sandbox.send("GET", "/v1/holds/\(holdID)").json
        return Seen(
            total: hold["price"]["total"]["amount"].intValue, version: hold["version"].intValue,
            code: hold["couponCode"].stringValue)
    }

    @Test(arguments: Transport.allCases)
    func welcomeTakesTenPercentOffAndPayChargesTheNewPriceOnce(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let held = try await sandbox.hold()
            let holdID = try #require(held["holdId"].stringValue)
            let price = held["price"]
            let nightly = try #require(price["nightly"]["amount"].intValue)
            let nights = try #require(price["nights"].intValue)
            let fees = try #require(price["fees"]["amount"].intValue)
            // Lisbon's taxes are 6 % of the nights.
            let discountedNightly = nightly * 90 / 100
            let taxes = (discountedNightly * nights * 600 + 5_000) / 10_000
            let expected = discountedNightly * nights + taxes + fees

            let applied = try await Self.apply(sandbox, holdID, "WELCOME10")
            #expect(applied.status == 200)
            #expect(applied.json["couponCode"].stringValue == "WELCOME10")
            #expect(applied.json["version"].intValue == 2)
            #expect(applied.json["price"]["nightly"]["amount"].intValue == discountedNightly)
            #expect(applied.json["price"]["taxes"]["amount"].intValue == taxes)
            #expect(applied.json["price"]["total"]["amount"].intValue == expected)
            #expect(expected < (price["total"]["amount"].intValue ?? 0))
            #expect(applied.json["quoteId"].stringValue != held["quoteId"].stringValue)

            // The same code again (any case) is a set: the same hold, not a second discount.
            let again = try await Self.apply(sandbox, holdID, "welcome10")
            #expect(again.status == 200)
            #expect(again.json["price"] == applied.json["price"])
            #expect(again.json["version"].intValue == 2)
            #expect(try await Self.read(sandbox, holdID) == Seen(total: expected, version: 2, code: "WELCOME10"))

            let paid = try await sandbox.pay(holdID, token: "tok_visa")
            #expect(paid.json["state"].stringValue == "CONFIRMED")
            #expect(paid.json["price"]["total"]["amount"].intValue == expected)
            let ledger = try await sandbox.ledger()
            #expect(ledger["chargeCount"].intValue == 1)
            #expect(ledger["entries"][0]["amount"]["amount"].intValue == expected)
            // A booked hold takes no code any more.
            #expect(try await Self.apply(sandbox, holdID, "ONCE5").errorCode == "HOLD_ALREADY_BOOKED")
        }
    }

    @Test func everyRefusalIsNamedAndLeavesTheHoldAsItWas() async throws {
        try await withSandbox(.loopback) { sandbox in
            let porto = try await Self.hold(sandbox, place: "plc_porto")
            let holdID = try #require(porto["holdId"].stringValue)
            let total = porto["price"]["total"]["amount"].intValue
            let refusals: [(code: String, status: Int, error: String)] = [
                ("NOPE", 404, "COUPON_UNKNOWN"),
                ("SPRING2026", 409, "COUPON_EXPIRED"),
                ("LISBON15", 409, "COUPON_NOT_APPLICABLE"),
                ("WEL COME", 400, "VALIDATION_ERROR"),
                ("", 400, "VALIDATION_ERROR"),
                (String(repeating: "A", count: 33), 400, "VALIDATION_ERROR"),
            ]
            for refusal in refusals {
                let response = try await Self.apply(sandbox, holdID, refusal.code)
                #expect(response.status == refusal.status, "\(refusal.code)")
                #expect(response.errorCode == refusal.error, "\(refusal.code)")
                #expect(
                    try await Self.read(sandbox, holdID) == Seen(total: total, version: 1, code: nil), "\(refusal.code)"
                )
            }
            // Another account's hold, and no hold at all, are not found.
            #expect(try await Self.apply(sandbox, holdID, "WELCOME10", account: "bob").errorCode == "NOT_FOUND")
            #expect(try await Self.apply(sandbox, "hold_0000", "WELCOME10").errorCode == "NOT_FOUND")
            // A second code is refused; the first stays.
            #expect(try await Self.apply(sandbox, holdID, "WELCOME10").status == 200)
            let second = try await Self.apply(sandbox, holdID, "ONCE5")
            #expect(second.status == 409)
            #expect(second.errorCode == "COUPON_ALREADY_APPLIED")
            #expect(try await Self.read(sandbox, holdID).code == "WELCOME10")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 0)
        }
    }

    @Test func lisbonCodeIsForLisbonAndAnExpiredHoldTakesNoCode() async throws {
        try await withSandbox(.loopback, holdTTLMilliseconds: 60_000) { sandbox in
            let held = try await sandbox.hold()
            let holdID = try #require(held["holdId"].stringValue)
            let nightly = try #require(held["price"]["nightly"]["amount"].intValue)
            let applied = try await Self.apply(sandbox, holdID, "LISBON15")
            #expect(applied.status == 200)
            #expect(applied.json["price"]["nightly"]["amount"].intValue == nightly * 85 / 100)

            let other = try await sandbox.heldID()
            sandbox.clock.advance(milliseconds: 60_000)
            let late = try await Self.apply(sandbox, other, "WELCOME10")
            #expect(late.status == 409)
            #expect(late.errorCode == "HOLD_EXPIRED")
            #expect(try await Self.read(sandbox, other).code == nil)
        }
    }

    @Test func onceIsOncePerAccountOnAConfirmedBooking() async throws {
        try await withSandbox(.loopback) { sandbox in
            // A declined payment does not use the code up.
            let declined = try await sandbox.heldID()
            #expect(try await Self.apply(sandbox, declined, "ONCE5").status == 200)
            #expect(try await sandbox.pay(declined, token: "tok_chargeDeclined").json["state"].stringValue == "FAILED")
            let first = try await sandbox.heldID()
            #expect(try await Self.apply(sandbox, first, "ONCE5").status == 200)
            #expect(try await sandbox.pay(first, token: "tok_visa").json["state"].stringValue == "CONFIRMED")

            let second = try await sandbox.heldID()
            let used = try await Self.apply(sandbox, second, "ONCE5")
            #expect(used.status == 409)
            #expect(used.errorCode == "COUPON_ALREADY_USED")
            #expect(try await Self.read(sandbox, second).version == 1)
            // Another account has its own use.
            let bobs = try await sandbox.heldID(account: "bob")
            #expect(try await Self.apply(sandbox, bobs, "ONCE5", account: "bob").status == 200)
        }
    }

    /// Holds the `index`th Lisbon offer (another room for each index, so
    /// several holds never run out of rooms); returns the hold's id.
    static func heldOffer(_ sandbox: Sandbox, _ index: Int) async throws -> String {
        let page = try await sandbox.send(
            "GET", "/v1/offers?placeId=plc_lisbon&checkIn=2026-11-03&checkOut=2026-11-06&guests=2&limit=10")
        let offer = page.json["items"][index]
        let response = try await sandbox.send(
            "POST", "/v1/holds", json: Sandbox.holdBody(offer), key: UUID().uuidString)
        #expect(response.status == 201)
        return try #require(response.json["holdId"].stringValue)
    }

    /// Issue 36, item 4: `ONCE5` applied to three holds before any was paid
    /// was charged at the discount on all three. Paying checks the rule
    /// again: the first is charged, the others are refused with 409
    /// COUPON_ALREADY_USED (stored under their keys), nothing charged, the
    /// holds left as they are.
    @Test func onceIsCheckedAgainWhenAHoldCarryingItIsPaid() async throws {
        try await withSandbox(.inProcess) { sandbox in
            var holds: [String] = []
            for index in 0..<3 {
                let holdID = try await Self.heldOffer(sandbox, index)
                #expect(try await Self.apply(sandbox, holdID, "ONCE5").status == 200)
                holds.append(holdID)
            }
            let first = try await sandbox.pay(holds[0], token: "tok_visa")
            #expect(first.json["state"].stringValue == "CONFIRMED")
            for (index, holdID) in holds.dropFirst().enumerated() {
                let refused = try await sandbox.pay(holdID, token: "tok_visa", key: "again-\(index)")
                #expect(refused.status == 409)
                #expect(refused.errorCode == "COUPON_ALREADY_USED")
                let replayed = try await sandbox.pay(holdID, token: "tok_visa", key: "again-\(index)")
                #expect(replayed.header("Idempotent-Replayed") == "true")
                #expect(replayed.errorCode == "COUPON_ALREADY_USED")
                let hold = try await sandbox.send("GET", "/v1/holds/\(holdID)").json
                #expect(hold["state"].stringValue == "HELD")
                #expect(hold["couponCode"].stringValue == "ONCE5")
            }
            let ledger = try await sandbox.ledger()
            #expect(ledger["chargeCount"].intValue == 1)
            #expect(ledger["entries"].items.count == 1)
            // Other codes are not once per account.
            let welcome = try await Self.heldOffer(sandbox, 3)
            #expect(try await Self.apply(sandbox, welcome, "WELCOME10").status == 200)
            #expect(try await sandbox.pay(welcome, token: "tok_visa").json["state"].stringValue == "CONFIRMED")
        }
    }

    /// A booking waiting for 3-D Secure with the code uses it while it
    /// waits (both would be charged the discount once answered); once its
    /// challenge fails, another hold carrying the code can be paid.
    @Test func aPaymentWaitingForThreeDSecureUsesTheCodeUntilItFails() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let waiting = try await Self.heldOffer(sandbox, 0)
            let other = try await Self.heldOffer(sandbox, 1)
            #expect(try await Self.apply(sandbox, waiting, "ONCE5").status == 200)
            #expect(try await Self.apply(sandbox, other, "ONCE5").status == 200)
            let challenged = try await sandbox.pay(waiting, token: "tok_threeDSecureRequired").json
            #expect(challenged["state"].stringValue == "ACTION_REQUIRED")
            #expect(try await sandbox.pay(other, token: "tok_visa").errorCode == "COUPON_ALREADY_USED")
            let id = try #require(challenged["bookingId"].stringValue)
            let failed = try await sandbox.send("POST", "/v1/sandbox/challenges/\(id)", json: #"{"result":"fail"}"#)
            #expect(failed.json["state"].stringValue == "FAILED")
            #expect(try await sandbox.pay(other, token: "tok_visa").json["state"].stringValue == "CONFIRMED")
            #expect(try await sandbox.ledger()["chargeCount"].intValue == 1)
        }
    }
}
