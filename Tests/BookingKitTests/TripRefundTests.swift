import BookingAPI
import BookingCore
import BookingHTTPServer
import BookingKit
import BookingPrimitives
import BookingTestSupport
import Foundation
import Testing

/// A cancelled trip carries its refund, as the server reports it on the
/// cancel's answer and on every read: the library's `Trip` shows the
/// ledger's amount and state, a pending refund is brought up to date by a
/// later sync, and an answer whose refund contradicts its booking is
/// refused with nothing saved changed. Real HTTP over loopback to the real
/// sandbox, a real SQLite file.
@Suite struct TripRefundTests {
    /// A confirmed trip booked through `client`; its id.
    private static func confirmed(_ fixture: ClientFixture) async throws -> BookingID {
        let outcome = try await fixture.holdFirstOfferAndPay(with: "tok_visa", refundable: true)
        return try #require(outcome.tripToLoad)
    }

    /// The ledger's refund entries for booking `id`.
    private static func refunds(_ fixture: ClientFixture, _ id: BookingID) async throws -> [LedgerReport.Entry] {
        try await fixture.sandbox.client().sandboxLedger().entries.filter {
            $0.kind == "refund" && $0.bookingId == id.rawValue
        }
    }

    @Test func aCancelledTripShowsTheRefundTheLedgerHolds() async throws {
        let fixture = try ClientFixture()
        let id = try await Self.confirmed(fixture)
        #expect(try await fixture.client.trip(id: id).refund == nil)

        let cancelled = try await fixture.client.cancel(id)
        let ledger = try await Self.refunds(fixture, id)
        #expect(ledger.count == 1)
        let refund = try #require(cancelled.refund)
        #expect(refund.state == .succeeded)
        #expect(refund.amount == ledger.first?.amount)
        #expect(refund.amount == cancelled.details?.price.total)
        #expect(try await fixture.client.savedTrips().first?.refund == refund)
        #expect(cancelled.calendarEvent?.note == "Cancelled: " + refund.text)
        #expect(
            TripCalendar(events: [try #require(cancelled.calendarEvent)]).text.contains("\r\nDESCRIPTION:Cancelled: "))

        // Another process on the same files, with the server gone: the saved refund.
        await fixture.sandbox.stop()
        let offline = try ClientFixture.client(sandbox: fixture.sandbox)
        #expect(try await offline.trip(id: id).refund == refund)
    }

    /// How the device asks the server again.
    enum Refresh: String, CaseIterable, Sendable, CustomStringConvertible {
        /// `syncTrips()` (`booking trips`).
        case sync
        /// `settleCancellationsAndRefunds()` (`booking reconcile`).
        case reconcile
        var description: String { rawValue }

        /// Asks; returns how many trips changed.
        func run(_ client: BookingClient) async throws -> Int {
            switch self {
            case .sync: return try await client.syncTrips()
            case .reconcile: return await client.settleCancellationsAndRefunds().messages.count
            }
        }
    }

    @Test(arguments: Refresh.allCases)
    func aPendingRefundIsShownPendingAndRefundedByALaterRefresh(refresh: Refresh) async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.transport = PendingRefunds(sandbox.transport)
        let fixture = ClientFixture(
            sandbox: sandbox, client: try BookingClient(configuration, dependencies: Dependencies(sleeper: NoSleeper()))
        )
        let id = try await Self.confirmed(fixture)

        let cancelled = try await fixture.client.cancel(id)
        let pending = try #require(cancelled.refund)
        #expect(pending.state == .pending)
        #expect(pending.amount == (try await Self.refunds(fixture, id)).first?.amount)

        // Not settled yet: asking changes nothing.
        #expect(try await refresh.run(fixture.client) == 0)
        #expect(try await fixture.client.trip(id: id).refund?.state == .pending)

        // A minute later on the sandbox's clock the processor has settled it:
        // the next refresh brings it, as a newer version of the booking.
        sandbox.clock.advance(seconds: 60)
        #expect(try await refresh.run(fixture.client) == 1)
        let trip = try await fixture.client.trip(id: id)
        #expect(trip.refund?.state == .succeeded)
        #expect(trip.refund?.amount == pending.amount)
        #expect(trip.version.rawValue == cancelled.version.rawValue + 1)
        #expect(trip.status == .cancelled)
        #expect(try await Self.refunds(fixture, id).count == 1)
        await sandbox.stop()
    }

    /// Ways a server could answer a sync with a refund that contradicts its booking.
    enum Hostile: String, CaseIterable, Sendable, CustomStringConvertible {
        case refundOnAConfirmedBooking, negativeAmount, otherCurrency, moreThanTheTotal, unknownState
        var description: String { rawValue }

        func apply(to booking: inout [String: Any]) {
            var refund = booking["refund"] as? [String: Any] ?? [:]
            var amount = refund["amount"] as? [String: Any] ?? [:]
            switch self {
            case .refundOnAConfirmedBooking: booking["state"] = "CONFIRMED"
            case .negativeAmount: amount["amount"] = -100
            case .otherCurrency: amount["currency"] = amount["currency"] as? String == "USD" ? "GBP" : "USD"
            case .moreThanTheTotal: amount["amount"] = ((amount["amount"] as? Int) ?? 0) + 1
            case .unknownState: refund["state"] = "REVERSED"
            }
            refund["amount"] = amount
            booking["refund"] = refund
            // Newer than the saved copy: accepted, it would replace it.
            booking["version"] = ((booking["version"] as? Int) ?? 0) + 1
        }
    }

    @Test(arguments: Hostile.allCases)
    func aSyncWhoseRefundContradictsItsBookingIsRefusedAndNothingSavedChanges(hostile: Hostile) async throws {
        let rewriting = Locked(false)
        let world = try RewritingFront { request, response in
            guard rewriting.withLock({ $0 }), request.method == "GET", request.path == "/v1/bookings" else {
                return response
            }
            return RewritingFront.rewritingJSON(response) { page in
                var items = page["items"] as? [[String: Any]] ?? []
                for index in items.indices { hostile.apply(to: &items[index]) }
                page["items"] = items
            }
        }
        let (trips, id) = try await world.confirmedTrip()
        _ = try await trips.cancel(id)
        let before = try #require(try await trips.trip(id)).record
        #expect(before.refund?.state == .succeeded)

        rewriting.withLock { $0 = true }
        await #expect(throws: APIError.self) { try await trips.sync() }
        #expect(try await trips.trip(id)?.record == before)
        await world.stop()
    }
}
