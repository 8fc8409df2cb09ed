import BookingAPI
import BookingCore
import Foundation
import Testing

/// Each answer is checked against its request: one about another offer,
/// quote, hold, booking, key or account is refused, never handed on. (The
/// runtime over real HTTP is in BookingKitTests' UntrustedAnswerTests.)
@Suite struct AnswerCheckTests {
    static func hold(id: String = "h1", offer: String = "o", quote: String = "q") -> String {
        #"{"holdId":"\#(id)","state":"HELD","expiresInMs":900000,"offerId":"\#(offer)","quoteId":"\#(quote)","price":\#(DecodingTests.price),"property":\#(DecodingTests.property),"checkIn":"2026-12-01","checkOut":"2026-12-03","version":1}"#
    }

    private func client(_ steps: [ScriptedTransport.Step], apiKey: String = "sk_test_t") -> BookingAPIClient {
        BookingAPIClient(
            server: try! ServerAddress("http://127.0.0.1:9"), apiKey: apiKey,
            transport: ScriptedTransport(steps), sleeper: RecordingSleeper())
    }

    private static func isInvalid(_ error: APIError?) -> Bool {
        if case .invalidResponse? = error { return true }
        return false
    }

    private static func isUnknown(_ error: APIError?) -> Bool {
        if case .unknownOutcome? = error { return true }
        return false
    }

    @Test(arguments: [hold(offer: "other"), hold(quote: "other")])
    func aHoldOfAnotherOfferOrQuoteIsRefused(body: String) async {
        let error = await #expect(throws: APIError.self) {
            try await client([.answer(201, [:], body)])
                .createHold(offer: OfferID("o"), quote: QuoteID("q"), key: IdempotencyKey("k"))
        }
        #expect(Self.isInvalid(error), "\(String(describing: error))")
    }

    @Test func aReplayedHoldReadAgainAsAnotherHoldIsRefused() async {
        let error = await #expect(throws: APIError.self) {
            try await client([
                .answer(201, ["Idempotent-Replayed": "true"], Self.hold()),
                .answer(200, [:], Self.hold(id: "h2")),
            ])
            .createHold(offer: OfferID("o"), quote: QuoteID("q"), key: IdempotencyKey("k"))
        }
        #expect(Self.isInvalid(error), "\(String(describing: error))")
    }

    /// `GET /v1/holds`: a list that breaks the contract (a hold twice, one
    /// booked or ended, over 20) is refused whole, so no room is shown as
    /// held elsewhere on the word of a bad answer.
    @Test(arguments: [
        "[\(hold(id: "h1")),\(hold(id: "h1"))]",
        "[\(hold(id: "h1").replacingOccurrences(of: "\"HELD\"", with: "\"BOOKED\""))]",
        "[\(hold(id: "h1").replacingOccurrences(of: "900000", with: "0"))]",
        "[" + (1...21).map { hold(id: "h\($0)") }.joined(separator: ",") + "]",
    ])
    func aListOfLiveHoldsThatBreaksTheContractIsRefused(items: String) async throws {
        let error = await #expect(throws: APIError.self) {
            try await client([.answer(200, [:], #"{"items":\#(items),"nextCursor":null}"#)]).liveHolds()
        }
        #expect(Self.isInvalid(error), "\(String(describing: error))")
        let good = try await client([.answer(200, [:], #"{"items":[\#(Self.hold(id: "h1"))],"nextCursor":null}"#)])
            .liveHolds()
        #expect(good.map(\.holdId) == [HoldID("h1")])
    }

    @Test func aHoldReadByIdMustHaveThatId() async {
        let error = await #expect(throws: APIError.self) {
            try await client([.answer(200, [:], Self.hold(id: "h2"))]).hold(HoldID("h1"))
        }
        #expect(Self.isInvalid(error), "\(String(describing: error))")
    }

    @Test(arguments: [("h2", "k1"), ("h1", "k2")])
    func aPaymentAnsweredForAnotherHoldOrKeyIsAnUnknownOutcome(hold: String, key: String) async {
        let error = await #expect(throws: APIError.self) {
            try await client([.answer(201, [:], DecodingTests.booking())])
                .createBooking(hold: HoldID(hold), paymentToken: PaymentToken("tok_visa"), key: IdempotencyKey(key))
        }
        #expect(Self.isUnknown(error), "\(String(describing: error))")
    }

    @Test func aLookupByKeyMustCarryThatKey() async throws {
        let error = await #expect(throws: APIError.self) {
            try await client([.answer(200, [:], DecodingTests.booking())]).booking(forAttempt: IdempotencyKey("k2"))
        }
        #expect(Self.isInvalid(error), "\(String(describing: error))")
        let found = try await client([.answer(200, [:], DecodingTests.booking())]).booking(
            forAttempt: IdempotencyKey("k1"))
        #expect(found?.bookingId == BookingID("b1"))
    }

    @Test func aBookingReadByIdMustHaveThatIdAndACancellationOfAnotherIsUnknown() async {
        let read = await #expect(throws: APIError.self) {
            try await client([.answer(200, [:], DecodingTests.booking())]).booking(BookingID("b2"))
        }
        #expect(Self.isInvalid(read), "\(String(describing: read))")
        let cancel = await #expect(throws: APIError.self) {
            try await client([.answer(200, [:], DecodingTests.booking(state: "CANCELLED"))])
                .cancel(BookingID("b2"), version: Version(rawValue: 3)!, key: IdempotencyKey("c"))
        }
        #expect(Self.isUnknown(cancel), "\(String(describing: cancel))")
    }

    @Test func theLedgerMustBeOfTheKeysAccount() async {
        let ledger =
            #"{"account":"mallory","entries":[],"chargeCount":0,"chargesByIdempotencyKey":{},"chargesByHold":{}}"#
        let error = await #expect(throws: APIError.self) {
            try await client([.answer(200, [:], ledger)], apiKey: "sk_test_alice").sandboxLedger()
        }
        #expect(Self.isInvalid(error), "\(String(describing: error))")
    }
}
