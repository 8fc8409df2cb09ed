import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import BookingTestSupport
import Foundation
import Testing

/// The terms of cancelling, shown before paying: the offer and the held
/// room carry the sandbox's terms, the booking's answer keeps them (what
/// the trip saves), a cancel before the deadline gives the total back and
/// one after it keeps the first night, as the quote said and the ledger
/// records; a non-refundable room's quote gives nothing back; terms that
/// contradict their stay are refused with nothing saved.
@Suite struct CancellationTermsTests {
    static let checkIn = CalendarDate("2026-12-01")!
    /// 18:00 in Lisbon (UTC+0 in winter) two days before check-in.
    static let deadline: Int64 = 1_795_975_200_000

    /// The Lisbon page for two nights from `checkIn`.
    static func page(_ client: BookingClient) async throws -> OffersPage {
        try await client.offers(
            at: "plc_lisbon", checkIn: checkIn, checkOut: CalendarDate("2026-12-03")!, guests: 2)
    }

    /// The sandbox's clock as a date.
    static func now(_ sandbox: SandboxFixture) -> Date {
        Date(timeIntervalSince1970: Double(sandbox.clock.now) / 1_000)
    }

    /// Holds `offer` and pays it: the booking's id.
    static func book(_ offer: Offer, _ client: BookingClient) async throws -> BookingID {
        _ = try await client.hold(offer)
        try await client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        return try #require(try await client.waitUntilAtRest(timeout: .seconds(30)).tripToLoad)
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func theOfferTheHeldRoomAndTheBookingCarryTheSandboxsTerms(route: SandboxFixture.Route) async throws {
        let sandbox = try SandboxFixture(route: route)
        let client = try ClientFixture.client(sandbox: sandbox)
        await client.launch()
        let page = try await Self.page(client)
        let standard = try #require(page.items.first { $0.roomName == "Standard double" })
        let total = standard.quote.price.total
        let nonRefundable = try #require(page.cancellation[standard.id])
        #expect(nonRefundable.kind == .nonRefundable && nonRefundable.freeUntil == nil)
        #expect(nonRefundable.penalty == total)
        #expect(nonRefundable.text().defaultValue == "Non-refundable: cancelling keeps \(total.formatted)")

        let offer = try #require(page.items.first { $0.roomName != "Standard double" })
        let terms = try #require(page.cancellation[offer.id])
        let night = offer.quote.price.nightly
        #expect(terms.kind == .freeUntil)
        #expect(terms.freeUntil == Date(timeIntervalSince1970: Double(Self.deadline) / 1_000))
        #expect(terms.timeZone == "Europe/Lisbon")
        #expect(terms.penalty == night)
        #expect(terms.penalty(at: Self.now(sandbox)).minorUnits == 0)
        #expect(
            terms.text(at: Self.now(sandbox)).defaultValue
                == "Free cancellation until 18:00 on 29 Nov (Europe/Lisbon), then \(night.formatted)")

        guard case .held(let held) = try await client.hold(offer) else {
            Issue.record("the offer was not held")
            return
        }
        #expect(try await client.cancellationPolicy(of: held) == terms)
        try await client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        let id = try #require(try await client.waitUntilAtRest(timeout: .seconds(30)).tripToLoad)
        // The booking's answer, which the trip saves, carries the same terms.
        #expect(try await sandbox.client().booking(id).cancellation == terms)
        client.close()
        await sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aCancelBeforeTheDeadlineGivesTheTotalBackAndAfterItKeepsTheFirstNight(route: SandboxFixture.Route)
        async throws
    {
        let sandbox = try SandboxFixture(route: route)
        let client = try ClientFixture.client(sandbox: sandbox)
        await client.launch()
        let page = try await Self.page(client)
        let offer = try #require(page.items.first { $0.roomName != "Standard double" })
        let id = try await Self.book(offer, client)
        let total = offer.quote.price.total

        let before = try await client.cancellationQuote(for: id)
        #expect(before.refund == total)
        #expect(before.penalty.minorUnits == 0)

        sandbox.clock.advance(milliseconds: Self.deadline - sandbox.clock.now)
        let after = try await client.cancellationQuote(for: id)
        let night = offer.quote.price.nightly
        #expect(after.penalty == night)
        #expect(after.refund == Money(minorUnits: total.minorUnits - night.minorUnits, currency: total.currency))
        #expect(page.cancellation[offer.id]?.penalty(at: Self.now(sandbox)) == after.penalty)

        let cancelled = try await client.cancel(after)
        #expect(cancelled.refund?.amount == after.refund)
        let ledger = try await sandbox.client().sandboxLedger().entries.filter {
            $0.kind == "refund" && $0.bookingId == id.rawValue
        }
        #expect(ledger.map(\.amount) == [after.refund])
        client.close()
        await sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aNonRefundableRoomsQuoteGivesNothingBack(route: SandboxFixture.Route) async throws {
        let sandbox = try SandboxFixture(route: route)
        let client = try ClientFixture.client(sandbox: sandbox)
        await client.launch()
        let offer = try #require(try await Self.page(client).items.first { $0.roomName == "Standard double" })
        let id = try await Self.book(offer, client)
        let total = offer.quote.price.total

        let quote = try await client.cancellationQuote(for: id)
        #expect(quote.refund == Money(minorUnits: 0, currency: total.currency))
        #expect(quote.penalty == total)
        _ = try await client.cancel(quote)
        let ledger = try await sandbox.client().sandboxLedger().entries.filter {
            $0.kind == "refund" && $0.bookingId == id.rawValue
        }
        #expect(ledger.map(\.amount) == [quote.refund])
        client.close()
        await sandbox.stop()
    }

    /// Terms that cannot be a stay's.
    enum Contradiction: String, CaseIterable, Sendable {
        case freeAfterCheckIn, penaltyInAnotherCurrency, penaltyAboveTheTotal, negativePenalty

        /// Makes `item`'s terms (an offer, a hold or a booking) contradict its stay.
        func apply(to item: inout [String: Any]) {
            var terms = item["cancellation"] as? [String: Any] ?? [:]
            var penalty = terms["penalty"] as? [String: Any] ?? [:]
            let total = ((item["price"] as? [String: Any])?["total"] as? [String: Any]) ?? [:]
            switch self {
            case .freeAfterCheckIn:
                terms["kind"] = "FREE_UNTIL"
                terms["freeUntil"] = "\(item["checkIn"] as? String ?? "")T12:00:00.000Z"
            case .penaltyInAnotherCurrency: penalty["currency"] = "GBP"
            case .penaltyAboveTheTotal: penalty["amount"] = ((total["amount"] as? Int) ?? 0) + 1
            case .negativePenalty: penalty["amount"] = -1
            }
            terms["penalty"] = penalty
            item["cancellation"] = terms
        }
    }

    @Test(arguments: Contradiction.allCases)
    func termsThatContradictTheirStayAreRefusedAndNothingIsSaved(contradiction: Contradiction) async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        let transport = BadTermsTransport(inner: sandbox.transport, contradiction: contradiction)
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.transport = transport
        let client = try BookingClient(configuration, dependencies: Dependencies(sleeper: NoSleeper()))
        await client.launch()
        // The page is refused whole: no offer of it is saved to hold from.
        await #expect(throws: BookingClientError.self) { try await Self.page(client) }
        #expect(try await client.searchCache.savedSearches().isEmpty)
        // A hold's and a booking's answer alike.
        let api = sandbox.client()
        let offer = try await Harness.firstOffer(from: api, refundable: true)
        transport.rewriting.withLock { $0 = true }
        let rewritten = BookingAPIClient(
            server: sandbox.server, apiKey: "sk_test_test", transport: transport, sleeper: NoSleeper())
        await #expect(throws: APIError.self) {
            try await rewritten.createHold(offer: offer.id, quote: offer.quote.id, key: IdempotencyKey("terms-1"))
        }
        client.close()
        await sandbox.stop()
    }
}

/// The sandbox's offers, holds and bookings with terms that contradict
/// their stay (offers always; holds and bookings once `rewriting`).
final class BadTermsTransport: Transport, @unchecked Sendable {
    let inner: any Transport
    let contradiction: CancellationTermsTests.Contradiction
    let rewriting = Locked(false)

    init(inner: any Transport, contradiction: CancellationTermsTests.Contradiction) {
        self.inner = inner
        self.contradiction = contradiction
    }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        var response = try await inner.send(request)
        let path = request.url.path
        let isOffers = path == "/v1/offers"
        guard
            isOffers || (rewriting.withLock { $0 } && (path.hasPrefix("/v1/holds") || path.hasPrefix("/v1/bookings"))),
            var object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        else { return response }
        if var items = object["items"] as? [[String: Any]] {
            for index in items.indices { contradiction.apply(to: &items[index]) }
            object["items"] = items
        } else {
            contradiction.apply(to: &object)
        }
        guard let body = try? JSONSerialization.data(withJSONObject: object) else { return response }
        response.body = body
        return response
    }
}
