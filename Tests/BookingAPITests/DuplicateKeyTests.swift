import BookingAPI
import BookingCore
import Foundation
import Testing

/// Hardening round 3, item 3: `JSONDecoder` reads `{"state": "FAILED",
/// "state": "CONFIRMED"}` as one of the two, so a charged payment could be
/// saved as failed. Every answer with a key repeated in one object, at any
/// depth, is a bad answer; so is one that contradicts itself (a `FAILED`
/// booking with a voucher). On the payment either is an unknown outcome,
/// looked up by key, like any unreadable payment answer.
@Suite struct DuplicateKeyTests {
    static func booking(_ fields: String = #""state":"CONFIRMED""#, property: String = DecodingTests.property) -> String
    {
        #"{"bookingId":"bk_1","#
            + fields
            + #","version":2,"holdId":"hld_1","idempotencyKey":"pay-key","property":\#(property),"room":{"type":"std","name":"Double"},"checkIn":"2026-12-01","checkOut":"2026-12-03","guests":2,"price":\#(DecodingTests.price)}"#
    }

    static let badAnswers: [(String, String)] = [
        ("the state twice", booking(#""state":"FAILED","state":"CONFIRMED""#)),
        ("the state twice, the second spelled with an escape", booking(#""state":"FAILED","st\u0061te":"CONFIRMED""#)),
        (
            "a key twice in a nested object",
            booking(property: #"{"id":"p1","name":"Casa","city":"Lisbon","name":"Other"}"#)
        ),
        ("a failed booking with a voucher", booking(#""state":"FAILED","voucherCode":"BK-ABCDEFGH""#)),
    ]

    @Test(arguments: badAnswers)
    func aPaymentAnsweredWithARepeatedKeyOrAContradictionIsAnUnknownOutcome(label: String, body: String) async throws {
        let server = try LoopbackServer(status: 201, json: body)
        let error = await #expect(throws: APIError.self, "\(label)") {
            try await server.api.createBooking(
                hold: HoldID("hld_1"), paymentToken: PaymentToken("tok_visa"), key: IdempotencyKey("pay-key"))
        }
        let detail = unknownOutcomeDetail(error)
        #expect(detail?.contains("unreadable answer") == true, "\(label): \(String(describing: detail))")
        await server.stop()
    }

    @Test(arguments: badAnswers)
    func aReadAnsweredWithARepeatedKeyOrAContradictionIsABadAnswer(label: String, body: String) async throws {
        let server = try LoopbackServer(json: body)
        let error = await #expect(throws: APIError.self, "\(label)") { try await server.api.booking(BookingID("bk_1")) }
        #expect(badAnswerReason(error) != nil, "\(label)")
        await server.stop()
    }

    @Test func aPageWithOneBadBookingIsABadAnswer() async throws {
        let body =
            #"{"items":[\#(Self.booking()),\#(Self.booking(#""state":"CANCELLED","state":"CONFIRMED""#))],"nextCursor":null}"#
        let server = try LoopbackServer(json: body)
        await #expect(throws: APIError.self) { try await server.api.bookings() }
        await server.stop()
    }

    @Test func theSameKeyInTwoObjectsAndInsideAStringIsNoRepeat() async throws {
        // `name` in the property and in the room, and `"state"` inside a value.
        let server = try LoopbackServer(json: Self.booking(#""state":"CONFIRMED","voucherCode":"\"state\":1""#))
        let booking = try await server.api.booking(BookingID("bk_1"))
        #expect(booking.state == .confirmed)
        #expect(booking.voucherCode == #""state":1"#)
        await server.stop()
    }
}
