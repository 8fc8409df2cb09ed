import BookingAPI
import BookingCore
@_spi(Testing) import BookingKit
import BookingStore
import BookingTestSupport
import Foundation
import Testing

/// The refund before cancelling, through the library: the server's quote
/// (refund, penalty, how long it holds) is what the trip and the ledger
/// show once cancelled; the quote's id is saved with the request before the
/// POST and sent with every resend; a quote that expired or changed is
/// refused with the new one and cancels nothing; a quote of another
/// booking is refused before anything is saved or sent.
@Suite struct RefundBeforeCancellingTests {
    /// A confirmed booking on a fresh sandbox; its trip saved on the device.
    private static func confirmed(_ route: SandboxFixture.Route) async throws -> (Harness, BookingID) {
        let harness = try Harness(route: route)
        return (harness, try await harness.bookAnOffer().record.bookingID)
    }

    /// The cancel POSTs of booking `id` (not its cancellation quotes).
    private static func cancelPosts(_ sandbox: SandboxFixture, _ id: BookingID) -> [TransportRequest] {
        sandbox.transport.requests("POST", "/v1/bookings/\(id)/cancel").filter {
            $0.url.path == "/v1/bookings/\(id)/cancel"
        }
    }

    /// The refund entries of the ledger for booking `id`.
    private static func ledgerRefunds(_ harness: Harness, _ id: BookingID) async throws -> [LedgerReport.Entry] {
        try await harness.ledger().entries.filter { $0.kind == "refund" && $0.bookingId == id.rawValue }
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func theQuotedRefundIsTheOneTheTripAndTheLedgerShow(route: SandboxFixture.Route) async throws {
        let sandbox = try SandboxFixture(route: route)
        let fixture = ClientFixture(sandbox: sandbox, client: try ClientFixture.client(sandbox: sandbox))
        let id = try #require(try await fixture.holdFirstOfferAndPay(with: "tok_visa", refundable: true).tripToLoad)
        let trip = try await fixture.client.trip(id: id)

        let quote = try await fixture.client.cancellationQuote(for: id)
        let total = try #require(trip.details?.price.total)
        #expect(quote.refund == total)
        #expect(quote.penalty == Money(minorUnits: 0, currency: total.currency))
        #expect(quote.expiresAtMilliseconds > 0)
        #expect(try await fixture.client.trip(id: id).status == .confirmed, "a quote cancels nothing")
        #expect(Self.cancelPosts(sandbox, id).isEmpty)

        let cancelled = try await fixture.client.cancel(quote)
        #expect(cancelled.status == .cancelled)
        #expect(cancelled.refund?.amount == quote.refund)
        let ledger = try await sandbox.client().sandboxLedger().entries.filter {
            $0.kind == "refund" && $0.bookingId == id.rawValue
        }
        #expect(ledger.map(\.amount) == [quote.refund])
        // The POST named the quote, and the request saved it before it left.
        let posts = Self.cancelPosts(sandbox, id)
        #expect(posts.count == 1)
        let body = String(decoding: try #require(posts.first?.body), as: UTF8.self)
        #expect(body.contains(#""quoteId":"\#(quote.quoteID)""#), "\(body)")
        let saved = try BookingDatabase(directory: sandbox.clientDirectory).cancels.requests(for: id)
        #expect(saved.map(\.quoteID) == [quote.quoteID])
        await #expect(throws: BookingClientError.cancel(.alreadyCancelled(id, cancelled.version))) {
            try await fixture.client.cancellationQuote(for: id)
        }
        fixture.client.close()
        await sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func anExpiredQuoteIsRefusedWithTheNewOneAndCancelsNothing(route: SandboxFixture.Route) async throws {
        let (harness, id) = try await Self.confirmed(route)
        let trips = try harness.trips()
        let quote = try await trips.cancellationQuote(id)
        harness.sandbox.clock.advance(seconds: 10 * 60)
        let (refusedID, newQuote) = try await refusedQuote({ _ = try await trips.cancel(id, quote: quote) }) {
            if case CancelError.quoteChanged(let id, let newQuote) = $0 { (id, newQuote) } else { nil }
        }
        #expect(refusedID == id)
        #expect(newQuote.quoteID != quote.quoteID)
        #expect(newQuote.refund == quote.refund)
        #expect(try await trips.trip(id)?.record.status == .confirmed)
        #expect(try await trips.cancelRequests(for: id).map(\.reason) == ["QUOTE_EXPIRED"])
        #expect(try await Self.ledgerRefunds(harness, id).isEmpty)

        let cancelled = try await trips.cancel(id, quote: newQuote)
        #expect(cancelled.refund?.refund.amount == newQuote.refund)
        #expect(try await Self.ledgerRefunds(harness, id).map(\.amount) == [newQuote.refund])
        await harness.sandbox.stop()
    }

    @Test func aQuoteOfAnotherBookingIsRefusedBeforeAnythingIsSavedOrSent() async throws {
        let (harness, id) = try await Self.confirmed(.inProcess)
        let trips = try harness.trips()
        let quote = try await trips.cancellationQuote(id)
        let other = BookingID("bk_0000000000000001")
        await #expect(
            throws: CancelError.refused(
                other, code: "QUOTE_MISMATCH", message: "the quote is for booking \(id)", current: nil)
        ) {
            try await trips.cancel(other, quote: quote)
        }
        #expect(try await trips.cancelRequests(for: other).isEmpty)
        #expect(try await trips.cancelRequests(for: id).isEmpty)
        #expect(harness.cancelPosts(other).isEmpty && harness.cancelPosts(id).isEmpty)
        #expect(try await Self.ledgerRefunds(harness, id).isEmpty)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aCancelAtAQuoteKilledAfterItsCommitIsResentWithTheSameQuoteOnce(route: SandboxFixture.Route)
        async throws
    {
        let (harness, id) = try await Self.confirmed(route)
        let quote = try await harness.trips().cancellationQuote(id)
        await #expect(throws: CancelError.stopped(TripChangeBoundary(.cancel, .afterCommit))) {
            try await harness.trips().cancel(id, quote: quote, boundary: { $0.moment != .afterCommit })
        }
        let saved = try #require(try await harness.trips().cancelRequests(for: id).first)
        #expect(saved.quoteID == quote.quoteID)
        #expect(saved.version == quote.version)
        // The next process's reconciliation sends it, with its key and its quote.
        let report = try await harness.trips().settleCancels()
        #expect(report.cancelled == 1, "\(report)")
        let posts = harness.cancelPosts(id)
        #expect(posts.map { $0.headers["Idempotency-Key"] } == [saved.idempotencyKey.rawValue])
        #expect(posts.allSatisfy { String(decoding: $0.body ?? Data(), as: UTF8.self).contains(quote.quoteID) })
        #expect(try await Self.ledgerRefunds(harness, id).map(\.amount) == [quote.refund])
        await harness.sandbox.stop()
    }
}
