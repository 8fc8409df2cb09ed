import BookingAPI
import BookingCore
import BookingPrimitives
import BookingTestSupport
import Foundation
import Testing

/// A cancelled trip shows its refund in `booking trips`, `booking trip ID`
/// and `--json`, with the amount the sandbox's ledger refunded, and still
/// shows it with the server down (the lean viewer reads the saved row).
/// The sandbox is a real `booking sandbox` process; the listings are real
/// `booking` processes over loopback.
@Suite struct TripRefundCommandTests {
    /// The refund's day as a trip says it (`2 Dec (UTC)`), from its `YYYY-MM-DD...` timestamp.
    static func day(_ timestamp: String) throws -> String {
        let parts = timestamp.prefix(10).split(separator: "-").compactMap { Int($0) }
        try #require(parts.count == 3)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(parts[2]) \(months[parts[1] - 1]) (UTC)"
    }

    @Test func aCancelledTripShowsTheLedgersRefundOnlineAndWithTheServerDown() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-refund")
        let cli = InProcess(sharing: booking)
        let id = try await cli.holdAndPay(refundable: true)
        let cancel = try await cli.run(["cancel", id, "--yes"])
        #expect(cancel.status == 0, "\(cancel.output) \(cancel.error)")
        let refunds = try await sandbox.ledger(of: id) { $0 == "refund" }
        #expect(refunds.count == 1)
        let amount = try #require(refunds.first?.amount)

        let trip = try await booking.trip(id)
        let refund = try #require(trip["refund"] as? [String: Any], "\(trip)")
        #expect(refund["state"] as? String == "SUCCEEDED")
        let money = try #require(refund["amount"] as? [String: Any])
        #expect(money["amount"] as? Int == Int(amount.minorUnits))
        #expect(money["currency"] as? String == amount.currency.rawValue)
        let text = "refunded \(amount.formatted) on \(try Self.day(try #require(refund["updatedAt"] as? String)))"

        #expect(cancel.output.contains(", " + text + "."), "\(cancel.output)")
        let list = try await booking.run(["trips"])
        #expect(list.status == 0, "\(list.output) \(list.error)")
        #expect(list.output.contains(text), "\(list.output)")
        let detail = try await booking.run(["trip", id])
        #expect(detail.output.contains("  refund:    " + text), "\(detail.output)")

        // The server gone: the saved copy still says it (the lean viewer's
        // listing and detail, and the full CLI's JSON).
        await sandbox.stop()
        let offline = try await booking.run(["trips"])
        #expect(offline.status == 0)
        #expect(offline.output.contains("\(id)  CANCELLED"), "\(offline.output)")
        #expect(offline.output.contains(text), "\(offline.output)")
        #expect(offline.output.contains("Offline"), "\(offline.output)")
        let offlineDetail = try await booking.run(["trip", id])
        #expect(offlineDetail.output.contains("  refund:    " + text), "\(offlineDetail.output)")
        let offlineJSON = try await booking.run(["trips", "--json"])
        let saved = try #require((try offlineJSON.json()["trips"] as? [[String: Any]])?.first)
        #expect((saved["refund"] as? [String: Any])?["state"] as? String == "SUCCEEDED")
    }

    @Test func aRefundCancelledElsewhereAndStillPendingShowsAsPending() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-refund-pending")
        let cli = InProcess(sharing: booking)
        let id = try await cli.holdAndPay(refundable: true)
        // Another device cancels; the processor has not settled the refund yet.
        let api = BookingAPIClient(
            server: try ServerAddress(sandbox.url), apiKey: "sk_test_demo",
            transport: PendingRefunds(URLSessionTransport()))
        let current = try await api.booking(BookingID(id))
        _ = try await api.cancel(BookingID(id), version: current.version, key: IdempotencyKey("elsewhere-1"))
        let refunds = try await sandbox.ledger(of: id) { $0 == "refund" }
        let amount = try #require(refunds.first?.amount)

        let list = try await booking.run(["trips"])
        #expect(list.status == 0)
        #expect(list.output.contains("Checked with the server: 1 trip changed"), "\(list.output)")
        #expect(list.output.contains("\(id)  CANCELLED"), "\(list.output)")
        #expect(list.output.contains("refund of \(amount.formatted) pending"), "\(list.output)")
        let detail = try await booking.run(["trip", id])
        #expect(detail.output.contains("  refund:    refund of \(amount.formatted) pending"), "\(detail.output)")
        await sandbox.stop()
    }

    @Test func aNonRefundableTripCancelledSaysNothingWasRefundedNotZero() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-no-refund")
        let cli = InProcess(sharing: booking)
        let id = try await cli.holdAndPay(refundable: false)
        let cancel = try await cli.run(["cancel", id, "--yes"])
        #expect(cancel.status == 0, "\(cancel.output) \(cancel.error)")
        let refunds = try await sandbox.ledger(of: id) { $0 == "refund" }
        #expect(refunds.map(\.amount.minorUnits) == [0])
        await sandbox.stop()
        let detail = try await booking.run(["trip", id])
        #expect(detail.output.contains("  refund:    nothing refunded\n"), "\(detail.output)")
        #expect(!detail.output.contains("0.00"), "\(detail.output)")
    }
}
