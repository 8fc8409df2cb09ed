import BookingPrimitives
import Foundation
import Testing

@testable import BookingSandbox

/// Issue 36, item 5: a booking, a change of dates that cost more and a
/// cancel read as "139.68 charged, 207.52 refunded": the difference charged
/// was its own entry under the modification's key, which no figure added
/// up. Every entry now counts in the ledger's `totals` and `paidByBooking`
/// (charged minus refunded is what the account paid in the end), and in
/// the dashboard's ledger; a difference is still never a second charge of
/// the booking's key or hold.
@Suite struct LedgerBalanceTests {
    private static let longer = #"{"checkIn":"2026-11-03","checkOut":"2026-11-07"}"#
    private static let shorter = #"{"checkIn":"2026-11-04","checkOut":"2026-11-06"}"#

    /// Applies new `dates` to booking `id` at `version`; returns the modification's answer.
    static func modify(_ sandbox: Sandbox, _ id: String, _ dates: String, version: Int) async throws -> JSONValue {
        let quote = try await sandbox.send("POST", "/v1/bookings/\(id)/modification-quotes", json: dates)
        let quoteId = try #require(quote.json["quoteId"].stringValue)
        let applied = try await sandbox.send(
            "POST", "/v1/bookings/\(id)/modifications", json: #"{"quoteId":"\#(quoteId)","version":\#(version)}"#,
            key: UUID().uuidString)
        #expect(applied.status == 200)
        return applied.json
    }

    @Test(arguments: Transport.allCases)
    func aChangeOfDatesThenACancelBalancesToNothingPaid(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let booking = try await sandbox.book(token: "tok_visa", refundable: true).json
            let id = try #require(booking["bookingId"].stringValue)
            let paid = try #require(booking["price"]["total"]["amount"].intValue)
            let currency = try #require(booking["price"]["total"]["currency"].stringValue)
            let modified = try await Self.modify(sandbox, id, Self.longer, version: 1)
            let difference = try #require(modified["difference"]["amount"].intValue)
            #expect(difference > 0)
            let cancelled = try await sandbox.send(
                "POST", "/v1/bookings/\(id)/cancel", json: #"{"version":2}"#, key: UUID().uuidString)
            #expect(cancelled.json["refund"]["amount"]["amount"].intValue == paid + difference)

            let ledger = try await sandbox.ledger()
            #expect(
                ledger["entries"].items.map { $0["kind"].stringValue ?? "" } == [
                    "charge", "difference_charge", "refund",
                ])
            let totals = ledger["totals"].items
            #expect(totals.count == 1, "\(ledger)")
            for figure in ["charged", "refunded", "paid"] {
                #expect(totals.first?[figure]["currency"].stringValue == currency, "\(figure)")
            }
            #expect(totals.first?["charged"]["amount"].intValue == paid + difference)
            #expect(totals.first?["refunded"]["amount"].intValue == paid + difference)
            #expect(totals.first?["paid"]["amount"].intValue == 0)
            #expect(ledger["paidByBooking"][id]["amount"].intValue == 0)
            // The difference is not a second charge of the booking's key or hold.
            #expect(ledger["chargeCount"].intValue == 1)
            #expect(ledger["chargesByIdempotencyKey"][booking["idempotencyKey"].stringValue ?? ""].intValue == 1)
            #expect(ledger["chargesByHold"][booking["holdId"].stringValue ?? ""].intValue == 1)
            #expect(ledger["chargesByBooking"][id].intValue == 1)
            #expect(ledger["differenceCount"].intValue == 1)
        }
    }

    @Test func whatABookingStillHeldPaidIsItsNewTotalAndTheDashboardAddsUpTheSame() async throws {
        try await withSandbox(.inProcess) { sandbox in
            let longer = try await sandbox.book(token: "tok_visa").json
            let shorter = try await sandbox.book(token: "tok_visa").json
            let longerID = try #require(longer["bookingId"].stringValue)
            let shorterID = try #require(shorter["bookingId"].stringValue)
            let grown = try await Self.modify(sandbox, longerID, Self.longer, version: 1)
            let shrunk = try await Self.modify(sandbox, shorterID, Self.shorter, version: 1)
            #expect((shrunk["difference"]["amount"].intValue ?? 0) < 0)
            let grownTotal = try #require(grown["booking"]["price"]["total"]["amount"].intValue)
            let shrunkTotal = try #require(shrunk["booking"]["price"]["total"]["amount"].intValue)

            let ledger = try await sandbox.ledger()
            #expect(ledger["paidByBooking"][longerID]["amount"].intValue == grownTotal)
            #expect(ledger["paidByBooking"][shorterID]["amount"].intValue == shrunkTotal)
            let totals = try #require(ledger["totals"].items.first)
            #expect(ledger["totals"].items.count == 1)
            #expect(totals["paid"]["amount"].intValue == grownTotal + shrunkTotal)
            let charged = try #require(totals["charged"]["amount"].intValue)
            let refunded = try #require(totals["refunded"]["amount"].intValue)
            #expect(charged - refunded == grownTotal + shrunkTotal)
            let signed = ledger["entries"].items.reduce(Int64(0)) { sum, entry in
                let amount = entry["amount"]["amount"].intValue ?? 0
                return sum + ((entry["kind"].stringValue ?? "").hasSuffix("refund") ? -amount : amount)
            }
            #expect(signed == grownTotal + shrunkTotal)

            // The dashboard's ledger: every entry, the modifications' under their own keys.
            let rows = try await sandbox.send("GET", "/sandbox/ledger.json", account: nil).json.items
            #expect(rows.count == 4)
            #expect(rows.reduce(Int64(0)) { $0 + ($1["charged"]["amount"].intValue ?? 0) } == charged)
            #expect(rows.reduce(Int64(0)) { $0 + ($1["refunded"]["amount"].intValue ?? 0) } == refunded)
            #expect(rows.reduce(Int64(0)) { $0 + ($1["charges"].intValue ?? 0) } == 2)
        }
    }
}
