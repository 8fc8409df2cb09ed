import Foundation
import Testing

/// `booking hold OFFER_ID --coupon CODE` and `booking coupon CODE` over
/// loopback to a real `booking sandbox` process: the held room is
/// re-quoted at the discounted price, which `booking pay` charges once (the
/// sandbox's ledger); a refused code is named, the hold kept at its price
/// (exit 1); a malformed code is exit 2, and so is a coupon with no room held.
@Suite struct CouponCommandTests {
    /// The total price, in minor units, of a `--json` document's `state`.
    private static func total(_ document: [String: Any]) -> Int? {
        (((document["state"] as? [String: Any])?["price"] as? [String: Any])?["total"] as? [String: Any])?["amount"]
            as? Int
    }

    @Test func holdWithACouponThenPayChargesTheDiscountedPriceOnce() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-coupon")
        let offer = try #require(try await booking.offers().first)
        let id = try #require(offer["offerId"] as? String)
        let listed = try #require(
            ((offer["price"] as? [String: Any])?["total"] as? [String: Any])?["amount"] as? Int)

        let held = try await booking.run(["hold", id, "--no-wait", "--coupon", "welcome10", "--json"])
        #expect(held.status == 0, "\(held.output) \(held.error)")
        let discounted = try #require(Self.total(try held.json()), "\(held.output)")
        #expect(discounted < listed)

        let again = try await booking.run(["coupon", "LISBON15"])
        #expect(again.status == 1, "a second code: \(again.output) \(again.error)")
        #expect((again.output + again.error).contains("applied already"), "\(again.output) \(again.error)")
        // The screen's reason, not the flow's names for its action and stage.
        #expect(!(again.output + again.error).contains("disabled in held"), "\(again.output) \(again.error)")

        let paid = try await booking.run(["pay", "--card", "tok_visa"])
        #expect(paid.status == 0, "\(paid.output) \(paid.error)")
        let charges = try await sandbox.ledger().entries.filter { $0.kind == "charge" }
        #expect(charges.count == 1)
        #expect(charges.first.map { Int($0.amount.minorUnits) } == discounted)
        await sandbox.stop()
    }

    @Test func aBadCodeIsANamedRefusalAndTheHoldKeepsItsPrice() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-coupon-refused")
        let id = try await booking.firstOfferID()

        let unknown = try await booking.run(["hold", id, "--no-wait", "--coupon", "NOPE"])
        #expect(unknown.status == 1, "\(unknown.output) \(unknown.error)")
        #expect(unknown.output.contains("refused (unknown)"), "\(unknown.output)")
        #expect(unknown.output.contains("does not exist"), "\(unknown.output)")
        let expired = try await booking.run(["coupon", "SPRING2026"])
        #expect(expired.status == 1, "\(expired.output) \(expired.error)")
        #expect(expired.output.contains("refused (expired)"), "\(expired.output)")
        let status = try await booking.run(["status", "--json"])
        #expect((try status.json()["attempt"] as? [String: Any])?["phase"] as? String == "HELD", "\(status.output)")

        let malformed = try await booking.run(["coupon", "WEL-COME"])
        #expect(malformed.status == 2, "\(malformed.error)")
        #expect(try await sandbox.ledger().entries.isEmpty)
        await sandbox.stop()
    }

    @Test func aCouponWithNoRoomHeldIsAClearError() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-coupon-no-hold")
        let run = try await booking.run(["coupon", "WELCOME10"])
        #expect(run.status == 2, "\(run.output) \(run.error)")
        #expect(run.error.contains("no room is held"), "\(run.error)")
        await sandbox.stop()
    }
}
