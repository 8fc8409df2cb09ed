import BookingAPI
import BookingCore
import BookingHTTPServer
import Foundation
import Testing

/// Hardening round 3, item 5: a 1,000 MB offers answer was read whole
/// (1.08 GB resident, 11.7 s) and then reported as "offline". Each
/// endpoint's answer has a cap (`BodyLimit`); reading stops
/// there, and the answer is a bad answer from the server, never "offline"
/// and never "unavailable". On the payment it is an unknown outcome.
@Suite struct BodyLimitTests {
    /// A valid offers page padded with spaces to `bytes`.
    private static func paddedPage(_ bytes: Int) -> Data {
        var body = Data(#"{"items":[],"nextCursor":null"#.utf8)
        body.append(Data(repeating: UInt8(ascii: " "), count: max(0, bytes - body.count - 1)))
        body.append(UInt8(ascii: "}"))
        return body
    }

    @Test func anOffersAnswerOverItsCapIsABadAnswerNotOffline() async throws {
        let body = Self.paddedPage(24 * 1_048_576)
        let server = try LoopbackServer { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
        }
        let error = await #expect(throws: APIError.self) {
            try await server.api.offers(
                placeID: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!,
                guests: 2)
        }
        let reason = badAnswerReason(error)
        #expect(reason?.contains("larger than") == true, "\(String(describing: reason))")
        #expect(server.requests.count == 1, "a bad answer is not retried")
        await server.stop()
    }

    @Test func aPaymentAnswerOverItsCapIsAnUnknownOutcome() async throws {
        let body = Data(repeating: UInt8(ascii: " "), count: 2 * 1_048_576)
        let server = try LoopbackServer { _ in
            HTTPResponse(status: 201, headers: ["Content-Type": "application/json"], body: body)
        }
        let error = await #expect(throws: APIError.self) {
            try await server.api.createBooking(
                hold: HoldID("hld_1"), paymentToken: PaymentToken("tok_visa"), key: IdempotencyKey("pay-key"))
        }
        let detail = unknownOutcomeDetail(error)
        #expect(detail?.contains("larger than") == true, "\(String(describing: detail))")
        await server.stop()
    }

    @Test func anErrorAnswerOverItsCapIsABadAnswerNotUnavailable() async throws {
        let body = Data(repeating: UInt8(ascii: " "), count: 2 * 1_048_576)
        let server = try LoopbackServer { _ in HTTPResponse(status: 503, headers: [:], body: body) }
        let error = await #expect(throws: APIError.self) { try await server.api.booking(BookingID("bk_1")) }
        #expect(badAnswerReason(error) != nil)
        #expect(server.requests.count == 1)
        await server.stop()
    }

    @Test func anAnswerJustUnderItsCapIsRead() async throws {
        let body = Self.paddedPage(BodyLimit.offers - 1)
        let server = try LoopbackServer { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
        }
        let page = try await server.api.offers(
            placeID: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!,
            guests: 2)
        #expect(page.items.isEmpty)
        await server.stop()
    }

    @Test func theTransportStopsReadingAtTheCapAndSaysSo() async throws {
        let body = Data(repeating: UInt8(ascii: " "), count: 8 * 1_048_576)
        let server = try LoopbackServer { _ in HTTPResponse(status: 200, body: body) }
        let request = TransportRequest(
            method: "GET", url: server.address.url(path: "/v1/offers"), timeout: .seconds(30), maximumBodyBytes: 4_096)
        let response = try await URLSessionTransport().send(request)
        #expect(response.isOverLimit)
        #expect(response.body.count <= 4_097)
        let whole = try await URLSessionTransport().send(
            TransportRequest(method: "GET", url: server.address.url(path: "/v1/offers"), timeout: .seconds(30)))
        #expect(!whole.isOverLimit && whole.body.count == body.count)
        await server.stop()
    }
}
