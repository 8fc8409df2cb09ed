import BookingAPI
import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 40 items 6 and 7: an offer carries what a results screen shows
/// (stars, address, a photo), and the trip kept for offline use carries
/// what the door needs (the address, the front desk's phone, the check-in
/// and check-out times), read with the server gone. In-process and over
/// real HTTP on loopback.
@Suite(.hangLimit) struct OfferDetailsTests {
    @Test(arguments: SandboxFixture.Route.allCases)
    func anOfferShowsItsStarsAddressAndPhotoAndTheTripKeepsWhatTheDoorNeeds(route: SandboxFixture.Route) async throws {
        let sandbox = try SandboxFixture(route: route)
        let fixture = ClientFixture(sandbox: sandbox, client: try ClientFixture.client(sandbox: sandbox))
        let offer = try await fixture.firstOffer()
        #expect((1...5).contains(offer.stars ?? 0))
        #expect(offer.address?.hasSuffix(", Lisbon") == true)
        #expect(offer.photoURL?.hasPrefix("https://") == true)

        #expect(try await fixture.holdFirstOfferAndPay(with: "tok_visa").stage.kind == .confirmed)
        await sandbox.stop()  // at the door, with no network
        let property = try #require(try await fixture.client.savedTrips().first?.details?.property)
        #expect(property.address == offer.address)
        #expect(property.phone?.hasPrefix("+351 ") == true)
        #expect(property.checkInTime == "14:00" || property.checkInTime == "15:00")
        #expect(property.checkOutTime == "11:00" || property.checkOutTime == "12:00")
    }

    @Test func aPhotoThatIsNotHTTPSAndStarsOffTheScaleAreLeftOut() throws {
        func offer(stars: Int, photo: String) throws -> Offer {
            let json = """
                {"offerId": "off_1", "propertyName": "Casa", "checkIn": "2027-03-03", "checkOut": "2027-03-05",
                 "guests": 2, "quoteId": "q_1", "price": {"nightly": {"amount": 100, "currency": "EUR"},
                 "taxes": {"amount": 0, "currency": "EUR"}, "fees": {"amount": 0, "currency": "EUR"},
                 "total": {"amount": 200, "currency": "EUR"}}, "quotedAt": 1, "stars": \(stars),
                 "photoUrl": "\(photo)"}
                """
            return try JSONDecoder().decode(Offer.self, from: Data(json.utf8))
        }
        #expect(try offer(stars: 4, photo: "https://images.example.com/a.jpg").photoURL != nil)
        for photo in ["http://images.example.com/a.jpg", "javascript:alert(1)", "https://", "https://a b"] {
            #expect(try offer(stars: 4, photo: photo).photoURL == nil, "\(photo)")
        }
        #expect(try offer(stars: 9, photo: "https://x.example/a.jpg").stars == nil)
    }
}
