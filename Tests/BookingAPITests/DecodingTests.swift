import BookingAPI
import BookingCore
import Foundation
import Testing

/// Strict decoding: a broken answer is a clear error naming the field, never
/// a crash and never a silent default.
@Suite struct DecodingTests {
    static let price =
        #"{"nightly":{"amount":10000,"currency":"EUR"},"taxes":{"amount":600,"currency":"EUR"},"fees":{"amount":400,"currency":"EUR"},"total":{"amount":21000,"currency":"EUR"}}"#
    static let property = #"{"id":"p1","name":"Casa","city":"Lisbon"}"#

    static func booking(
        state: String = "CONFIRMED", version: String = "3", price: String = price,
        checkIn: String = "2026-12-01"
    ) -> String {
        #"{"bookingId":"b1","state":"\#(state)","version":\#(version),"holdId":"h1","idempotencyKey":"k1","property":\#(property),"room":{"type":"dbl","name":"Double"},"checkIn":"\#(checkIn)","checkOut":"2026-12-03","guests":2,"price":\#(price)}"#
    }

    private func client(_ body: String, status: Int = 200) -> BookingAPIClient {
        BookingAPIClient(
            server: try! ServerAddress("http://127.0.0.1:9"), apiKey: "sk_test_t",
            transport: ScriptedTransport([.answer(status, [:], body)]), sleeper: RecordingSleeper())
    }

    @Test func aWellFormedBookingDecodesIntoDomainTypes() async throws {
        let booking = try await client(Self.booking()).booking(BookingID("b1"))
        #expect(booking.state == .confirmed)
        #expect(booking.version == Version(rawValue: 3))
        #expect(booking.price.total.minorUnits == 21_000)
        #expect(booking.checkIn == CalendarDate("2026-12-01"))
    }

    @Test(arguments: [
        ("an unknown state", booking(state: "SHIPPED"), "state"),
        ("a negative version", booking(version: "-1"), "version"),
        ("a missing version", booking().replacingOccurrences(of: #""version":3,"#, with: ""), "version"),
        // Foundation reports a fractional integer without its path.
        ("a fractional amount", booking(price: price.replacingOccurrences(of: "21000", with: "210.5")), "not valid"),
        ("a negative amount", booking(price: price.replacingOccurrences(of: "21000", with: "-5")), "total"),
        (
            "a bad currency",
            booking(price: price.replacingOccurrences(of: #""currency":"EUR"}}"#, with: #""currency":"euro"}}"#)),
            "currency"
        ),
        ("an impossible date", booking(checkIn: "2026-02-30"), "checkIn"),
        ("a date with a time", booking(checkIn: "2026-12-01T00:00:00Z"), "checkIn"),
        ("not JSON", "<html>oops</html>", "body"),
        ("an array", "[]", "body"),
    ])
    func aBrokenBookingIsAClearErrorNamingTheField(label: String, body: String, field: String) async {
        let error = await #expect(throws: APIError.self, "\(label)") { try await client(body).booking(BookingID("b1")) }
        guard case .invalidResponse(let reason)? = error else {
            Issue.record("\(label): expected invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(reason.contains(field), "\(label): \(reason)")
    }

    @Test func anUnreadableAnswerToAPaymentIsAnUnknownOutcomeNotAFailure() async {
        let error = await #expect(throws: APIError.self) {
            try await client(#"{"bookingId":"b1"}"#, status: 201)
                .createBooking(hold: HoldID("h1"), paymentToken: PaymentToken("tok_visa"), key: IdempotencyKey("k"))
        }
        guard case .unknownOutcome? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
    }

    @Test func aHoldWithANegativeTimeLeftIsRefused() async {
        let hold =
            #"{"holdId":"h1","state":"HELD","expiresInMs":-5,"offerId":"o","quoteId":"q","price":\#(Self.price),"property":\#(Self.property),"checkIn":"2026-12-01","checkOut":"2026-12-03","version":1}"#
        await #expect(throws: APIError.self) { try await client(hold).hold(HoldID("h1")) }
    }

    @Test func theTimestampParserIsStrict() async throws {
        let offer =
            #"{"items":[{"offerId":"o","quoteId":"q","quotedAt":"2026-11-03T09:30:00.250Z","property":\#(Self.property),"room":{"type":"d","name":"D"},"checkIn":"2026-12-01","checkOut":"2026-12-03","guests":2,"price":\#(Self.price)}],"nextCursor":null}"#
        let page = try await client(offer).offers(
            placeID: "p", checkIn: CalendarDate("2026-12-01")!,
            checkOut: CalendarDate("2026-12-03")!, guests: 2)
        #expect(page.items.first?.quotedAtMilliseconds == 1_793_698_200_250)
        #expect(page.nextCursor == nil)
    }
}
