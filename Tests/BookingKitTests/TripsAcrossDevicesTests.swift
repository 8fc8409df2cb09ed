import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import BookingTestSupport
import Foundation
import Testing

/// One account on two devices (two data directories, two clients, one
/// sandbox over real loopback HTTP): a trip booked on one shows on the
/// other after a sync; cancelled on one, the other learns the cancellation
/// and its pending refund; the refund settled later reaches both, as the
/// same newer version; and a device's copy never goes back a version.
@Suite struct TripsAcrossDevicesTests {
    /// A second device of the account: its own data directory next to the
    /// fixture's, the same server, the same key.
    private static func secondDevice(_ fixture: ClientFixture, transport: (any Transport)? = nil) throws
        -> BookingClient
    {
        var configuration = ClientFixture.configuration(sandbox: fixture.sandbox)
        configuration.dataDirectory = URL(fileURLWithPath: fixture.sandbox.directory.file("second-device"))
        if let transport { configuration.transport = transport }
        return try BookingClient(configuration, dependencies: Dependencies(sleeper: NoSleeper()))
    }

    @Test func aBookingItsCancellationAndItsRefundReachTheOtherDeviceByVersion() async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        // The phone cancels with a refund the processor settles a minute later.
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.transport = PendingRefunds(sandbox.transport)
        let phone = ClientFixture(
            sandbox: sandbox, client: try BookingClient(configuration, dependencies: Dependencies(sleeper: NoSleeper()))
        )
        let tablet = try Self.secondDevice(phone)
        #expect(try await tablet.savedTrips().isEmpty)

        // Booked on the phone: the tablet has it after one sync.
        let booked = try await phone.holdFirstOfferAndPay(with: "tok_visa")
        let id = try #require(booked.tripToLoad)
        #expect(try await tablet.syncTrips() == 1)
        let seen = try await tablet.trip(id: id)
        #expect(seen.status == .confirmed)
        #expect(Self.sameBooking(seen, try await phone.client.trip(id: id)))
        #expect(try await tablet.syncTrips() == 0)  // nothing newer: nothing saved again

        // Cancelled on the phone: the tablet learns it, refund pending, same version.
        let cancelled = try await phone.client.cancel(id)
        #expect(cancelled.refund?.state == .pending)
        #expect(try await tablet.syncTrips() == 1)
        let told = try await tablet.trip(id: id)
        #expect(told.status == .cancelled)
        #expect(told.refund == cancelled.refund)
        #expect(told.version == cancelled.version)
        // The tablet cannot cancel it again: the server says so, nothing moves.
        await #expect(throws: BookingClientError.self) { try await tablet.cancel(id) }
        #expect(try await Self.refundCount(sandbox, id) == 1)

        // Settled a minute later: the tablet's sync brings the newer version
        // first, then the phone's; both copies end equal.
        sandbox.clock.advance(seconds: 60)
        #expect(try await tablet.syncTrips() == 1)
        let settled = try await tablet.trip(id: id)
        #expect(settled.refund?.state == .succeeded)
        #expect(settled.version.rawValue == cancelled.version.rawValue + 1)
        #expect(try await phone.client.trip(id: id).refund?.state == .pending)  // not asked yet
        #expect(try await phone.client.syncTrips() == 1)
        #expect(Self.sameBooking(try await phone.client.trip(id: id), settled))
        #expect(try await Self.refundCount(sandbox, id) == 1)
        await sandbox.stop()
    }

    @Test func anOlderAnswerNeverTakesADeviceBackAVersion() async throws {
        // The tablet's server answers the account's list with the first
        // version it ever gave for each booking (a stale replica, a cache).
        let stale = StaleBookingList()
        let fixture = try ClientFixture()
        let tablet = try Self.secondDevice(fixture, transport: stale.wrapping(fixture.sandbox.transport))
        let booked = try await fixture.holdFirstOfferAndPay(with: "tok_visa")
        let id = try #require(booked.tripToLoad)
        #expect(try await tablet.syncTrips() == 1)  // CONFIRMED, remembered by the stale list
        let cancelled = try await fixture.client.cancel(id)
        stale.isStale = false
        #expect(try await tablet.syncTrips() == 1)
        #expect(try await tablet.trip(id: id).version == cancelled.version)
        stale.isStale = true
        #expect(try await tablet.syncTrips() == 0)  // the older CONFIRMED is refused: nothing changes
        let kept = try await tablet.trip(id: id)
        #expect(kept.status == .cancelled)
        #expect(kept.version == cancelled.version)
        await fixture.sandbox.stop()
    }

    /// Whether two devices' copies say the same of the booking (each keeps
    /// its own time of the last sync).
    private static func sameBooking(_ one: Trip, _ other: Trip) -> Bool {
        var other = other
        other.syncedAt = one.syncedAt
        return one == other
    }

    /// The sandbox ledger's refunds for booking `id`.
    private static func refundCount(_ sandbox: SandboxFixture, _ id: BookingID) async throws -> Int {
        try await sandbox.client().sandboxLedger().entries.filter {
            $0.kind == "refund" && $0.bookingId == id.rawValue
        }.count
    }
}

/// A front for `GET /v1/bookings` that, while `isStale`, answers with the
/// first body it saw (the account's list as it was then).
final class StaleBookingList: @unchecked Sendable {
    private let first = Locked<TransportResponse?>(nil)
    private let stale = Locked(false)

    /// Whether the list answers from its first copy.
    var isStale: Bool {
        get { stale.withLock { $0 } }
        set { stale.withLock { $0 = newValue } }
    }

    /// `base` with the list's answers replaced while stale.
    func wrapping(_ base: any Transport) -> any Transport { Front(list: self, base: base) }

    private struct Front: Transport {
        let list: StaleBookingList
        let base: any Transport

        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            let response = try await base.send(request)
            guard request.method == "GET", request.url.path == "/v1/bookings" else { return response }
            if list.isStale, let first = list.first.withLock({ $0 }) { return first }
            list.first.withLock { if $0 == nil { $0 = response } }
            return response
        }
    }
}
