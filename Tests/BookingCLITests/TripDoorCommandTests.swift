import BookingAPI
import BookingCore
import BookingTestSupport
import Foundation
import Testing

/// What the door needs, offline: a confirmed trip paid with `booking pay
/// --guest-name "Ana Silva" --guest-email ana@example.com` (the runner's
/// sample guest) shows that name, and the hotel's check-in and check-out
/// times and its front desk's phone as the server sent them, in `booking trip ID` and its JSON, with the server stopped
/// (the lean viewer reads the saved row's columns); its price says how
/// many nights the nightly rate is for, and it says what cancelling keeps
/// in the words the library's `CancellationPolicy.text` uses.
@Suite struct TripDoorCommandTests {
    @Test(arguments: [false, true])
    func aTripShowsTheDoorNightsAndTermsWithTheServerStopped(refundable: Bool) async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-door")
        let id = try await InProcess(sharing: booking).holdAndPay(refundable: refundable)
        let client = BookingAPIClient(
            server: try ServerAddress(sandbox.url), apiKey: "sk_test_demo", transport: URLSessionTransport())
        let server = try await client.booking(BookingID(id))
        let property = server.property
        let nights = server.checkIn.days(until: server.checkOut)
        let terms = try #require(server.cancellation)
        #expect(server.guest?.name == SampleGuest.name)
        #expect((terms.kind == .freeUntil) == refundable)
        let phone = try #require(property.phone)
        let (checkIn, checkOut) = (try #require(property.checkInTime), try #require(property.checkOutTime))
        await sandbox.stop()

        let door = "  door:      check-in from \(checkIn), check-out until \(checkOut), front desk \(phone)"
        let detail = try await booking.run(["trip", id])
        #expect(detail.status == 0, "\(detail.error)")
        #expect(detail.output.contains(door), "\(detail.output)")
        #expect(detail.output.contains("  guest:     \(SampleGuest.name)\n"), "\(detail.output)")
        let rate = "(\(nights) night\(nights == 1 ? "" : "s") at \(server.price.nightly.formatted), "
        #expect(detail.output.contains("  price:     \(server.price.total.formatted) " + rate), "\(detail.output)")
        #expect(detail.output.contains("  cancel:    " + terms.text().defaultValue + "\n"), "\(detail.output)")
        let json = try await booking.run(["trip", id, "--json"])
        let trip = try #require(try json.json()["trip"] as? [String: Any], "\(json.output)")
        #expect(trip["phone"] as? String == phone)
        #expect(trip["guestName"] as? String == SampleGuest.name)
        #expect(trip["checkInTime"] as? String == checkIn)
        #expect(trip["checkOutTime"] as? String == checkOut)
        let saved = try #require(trip["cancellation"] as? [String: Any], "\(trip)")
        #expect(saved["kind"] as? String == terms.kind.rawValue)
        #expect((saved["penalty"] as? [String: Any])?["amount"] as? Int == Int(terms.penalty.minorUnits))
        #expect(saved["timeZone"] as? String == (refundable ? terms.timeZone : nil))
    }
}
