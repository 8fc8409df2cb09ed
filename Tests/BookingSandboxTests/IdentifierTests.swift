import BookingPrimitives
import Foundation
import Testing

@testable import BookingSandbox

/// Issue 36, item 2: every fresh sandbox used to hand out the same ids and
/// vouchers in the same order (`bk_6e261b8dccd0ce99` and `BK-4WS4DCFZ`
/// first), so anyone could name another account's booking, hold or
/// voucher. They are random now, in their documented shapes; a sandbox
/// given an `idSeed` (the deterministic simulation) still hands out the
/// same ones for the same requests.
@Suite struct IdentifierTests {
    /// What one fresh sandbox hands out first: a hold, then a booking paid
    /// on it with `tok_visa` (its voucher), then one waiting for 3-D Secure.
    struct FirstIds: Equatable {
        var hold, booking, voucher, challengeURL: String
    }

    static func firstIds(idSeed: UInt64?) async throws -> FirstIds {
        var ids: FirstIds?
        try await withSandbox(.inProcess, configure: { $0.idSeed = idSeed }) { sandbox in
            let hold = try await sandbox.heldID()
            let paid = try await sandbox.pay(hold, token: "tok_visa").json
            let challenged = try await sandbox.book(token: "tok_threeDSecureRequired").json
            ids = FirstIds(
                hold: hold, booking: try #require(paid["bookingId"].stringValue),
                voucher: try #require(paid["voucherCode"].stringValue),
                challengeURL: try #require(challenged["nextAction"]["url"].stringValue))
        }
        return try #require(ids)
    }

    static func matches(_ pattern: String, _ text: String) throws -> Bool {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test func freshSandboxesHandOutDifferentIdsAndVouchersInTheirShapes() async throws {
        let first = try await Self.firstIds(idSeed: nil)
        let second = try await Self.firstIds(idSeed: nil)
        #expect(first.hold != second.hold)
        #expect(first.booking != second.booking)
        #expect(first.voucher != second.voucher)
        #expect(first.challengeURL != second.challengeURL)
        for ids in [first, second] {
            #expect(try Self.matches("^hold_[0-9a-f]{16}$", ids.hold), "\(ids.hold)")
            #expect(try Self.matches("^bk_[0-9a-f]{16}$", ids.booking), "\(ids.booking)")
            #expect(try Self.matches("^BK-[A-HJ-NP-Z2-9]{8}$", ids.voucher), "\(ids.voucher)")
            // Not derived from the booking id, which every answer about it shows.
            #expect(ids.voucher != BookingRecord.voucherCode(SplitMix64.mix(SplitMix64.stableHash(ids.booking))))
        }
    }

    @Test func anIdSeedReplaysTheSameIdsVouchersAndPages() async throws {
        let first = try await Self.firstIds(idSeed: 1)
        #expect(try await Self.firstIds(idSeed: 1) == first)
        #expect(try await Self.firstIds(idSeed: 2) != first)
        #expect(try Self.matches("^bk_[0-9a-f]{16}$", first.booking))
        #expect(try Self.matches("^BK-[A-HJ-NP-Z2-9]{8}$", first.voucher))
    }

    /// A voucher stays the one the booking was made with on its later
    /// versions (a change of dates renders the body again from the row),
    /// and the id patterns are the ones `openapi.yaml` gives.
    @Test func aVoucherIsKeptAcrossVersionsAndTheDocumentAgrees() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let paid = try await sandbox.book(token: "tok_visa").json
            let id = try #require(paid["bookingId"].stringValue)
            let quote = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/modification-quotes",
                json: #"{"checkIn":"2026-11-03","checkOut":"2026-11-07"}"#)
            let quoteId = try #require(quote.json["quoteId"].stringValue)
            let modified = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/modifications", json: #"{"quoteId":"\#(quoteId)","version":1}"#,
                key: "move")
            #expect(modified.json["booking"]["version"].intValue == 2)
            #expect(modified.json["booking"]["voucherCode"] == paid["voucherCode"])
        }
        let document = DocumentPatternTests.document
        #expect(document.contains("pattern: '^bk_[0-9a-f]{16}$'"))
        #expect(document.contains("pattern: '^hold_[0-9a-f]{16}$'"))
    }
}
