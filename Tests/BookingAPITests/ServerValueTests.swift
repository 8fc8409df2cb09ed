import BookingAPI
import BookingCore
import BookingHTTPServer
import Foundation
import Testing

/// Hardening round 3, item 8 (the smaller list): values from the server
/// checked against the contract. A hold's `expiresInMs` out of range (a
/// three-year countdown, `-1`, `1.5`) is a bad answer that is looked up (the
/// hold read again by its id); an id with a path, a line break or 3,000
/// characters is refused at decoding; a challenge page that is neither on
/// the server's own origin nor https is refused; a booking list whose
/// cursor repeats or never ends is a server error, not "synced".
@Suite struct ServerValueTests {
    static func hold(id: String = "hold_0123456789abcdef", expiresInMs: String = "900000") -> String {
        #"{"holdId":"\#(id)","state":"HELD","expiresInMs":\#(expiresInMs),"offerId":"off_1","quoteId":"qt_1","price":\#(DecodingTests.price),"property":\#(DecodingTests.property),"room":{"type":"std","name":"Double"},"checkIn":"2026-12-01","checkOut":"2026-12-03","guests":2,"version":1,"extensionsLeft":2}"#
    }

    private static func json(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    @Test(arguments: ["99999999999", "-1", "1.5"])
    func aHoldWithAnExpiryOutOfRangeIsReadAgainByItsId(expiresInMs: String) async throws {
        let server = try LoopbackServer { request in
            request.method == "POST"
                ? Self.json(201, Self.hold(expiresInMs: expiresInMs)) : Self.json(200, Self.hold())
        }
        let hold = try await server.api.createHold(
            offer: OfferID("off_1"), quote: QuoteID("qt_1"), key: IdempotencyKey("hold-key"))
        #expect(hold.expiresInMs == 900_000)
        #expect(
            server.requests.map { "\($0.method) \($0.path)" } == [
                "POST /v1/holds", "GET /v1/holds/hold_0123456789abcdef",
            ])
        await server.stop()
    }

    @Test func aHoldWhoseReadIsOutOfRangeTooIsABadAnswer() async throws {
        let server = try LoopbackServer(status: 201, json: Self.hold(expiresInMs: "99999999999"))
        let error = await #expect(throws: APIError.self) {
            try await server.api.createHold(offer: OfferID("off_1"), quote: QuoteID("qt_1"), key: IdempotencyKey("k"))
        }
        #expect(badAnswerReason(error) != nil)
        await server.stop()
    }

    @Test(arguments: [
        "hold_0123/../../v1/bookings", "hold_01\r\nX-Injected: 1", String(repeating: "h", count: 3_000), "",
    ])
    func aHoldIdOutsideTheContractIsRefused(id: String) async throws {
        let escaped = id.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        let server = try LoopbackServer(status: 201, json: Self.hold(id: escaped))
        await #expect(throws: APIError.self) {
            try await server.api.createHold(offer: OfferID("off_1"), quote: QuoteID("qt_1"), key: IdempotencyKey("k"))
        }
        await server.stop()
    }

    @Test func aBookingListWithAnIdOutsideTheContractIsRefused() async throws {
        let bad = DuplicateKeyTests.booking().replacingOccurrences(of: #""bk_1""#, with: #""bk_1\n\u001b[31m""#)
        let server = try LoopbackServer(json: #"{"items":[\#(bad)],"nextCursor":null}"#)
        await #expect(throws: APIError.self) { try await server.api.bookings() }
        await server.stop()
    }

    static func challenge(_ url: String) -> String {
        DuplicateKeyTests.booking(#""state":"ACTION_REQUIRED","nextAction":{"type":"redirect","url":"\#(url)"}"#)
    }

    @Test(arguments: ["javascript:alert(1)", "http://bank.example/3ds", "file:///etc/passwd", "data:text/html,hi"])
    func aChallengePageNeitherOnTheServersOriginNorHTTPSIsRefused(url: String) async throws {
        let server = try LoopbackServer(status: 201, json: Self.challenge(url))
        let payment = await #expect(throws: APIError.self, "\(url)") {
            try await server.api.createBooking(
                hold: HoldID("hld_1"), paymentToken: PaymentToken("tok_threeDSecureRequired"),
                key: IdempotencyKey("pay-key"))
        }
        #expect(unknownOutcomeDetail(payment) != nil, "\(url)")
        await #expect(throws: APIError.self, "\(url)") { try await server.api.booking(BookingID("bk_1")) }
        await server.stop()
    }

    @Test func aChallengePageOnTheServersOriginOrOverHTTPSIsAccepted() async throws {
        let bank = "https://bank.example/3ds/bk_1"
        let elsewhere = try LoopbackServer(json: Self.challenge(bank))
        #expect(try await elsewhere.api.booking(BookingID("bk_1")).nextAction?.url == bank)
        await elsewhere.stop()
        // The sandbox's own page: plain http, on the origin the request went to.
        let own = try LoopbackServer { request in
            let host = request.headers["Host"] ?? ""
            return Self.json(200, Self.challenge("http://\(host)/sandbox/3ds/bk_1"))
        }
        let url = try #require(try await own.api.booking(BookingID("bk_1")).nextAction?.url)
        #expect(url == own.address.url(path: "/sandbox/3ds/bk_1").absoluteString)
        await own.stop()
    }

    @Test func aCursorThatRepeatsIsAServerErrorNotTheEndOfTheList() async throws {
        let server = try LoopbackServer(json: #"{"items":[],"nextCursor":"c1"}"#)
        let error = await #expect(throws: APIError.self) { try await server.api.bookings() }
        #expect(badAnswerReason(error) != nil)
        #expect(server.requests.count == 2)
        await server.stop()
    }

    @Test func aCursorThatNeverEndsIsAServerErrorAfterThePageBudget() async throws {
        let server = try LoopbackServer { request in
            Self.json(200, #"{"items":[],"nextCursor":"c\#(request.target.count)x\#(UUID().uuidString)"}"#)
        }
        await #expect(throws: APIError.self) { try await server.api.bookings(pageLimit: 5) }
        #expect(server.requests.count == 5)
        await server.stop()
    }
}
