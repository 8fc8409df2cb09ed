import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// Links into the app through the library: the 3-D Secure return link and
/// trip links open with `BookingClient.open(_:)`, with the booking check the
/// command line has, and `BookingModel` re-checks a payment on the bank's
/// page when the scene becomes active.
@Suite(.hangLimit) struct LinkTests {
    static let host = "links.example.com"

    /// A client on `sandbox` whose links open on `host`.
    static func client(
        _ sandbox: SandboxFixture, linkHost: String? = host, directory: TemporaryDirectory? = nil
    ) throws -> BookingClient {
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.linkHost = linkHost
        if let directory { configuration.dataDirectory = URL(fileURLWithPath: directory.path) }
        return try BookingClient(configuration, dependencies: Dependencies(sleeper: NoSleeper()))
    }

    /// Launches, holds the first offer and pays with a card that asks for
    /// 3-D Secure: the booking waiting for the bank's page.
    static func waitingForTheBank(_ fixture: ClientFixture) async throws -> BookingID {
        let state = try await fixture.holdFirstOfferAndPay(with: "tok_threeDSecureRequired")
        guard case .actionRequired(let waiting) = state.stage else {
            Issue.record("expected the bank's page, got \(state.stage.name)")
            throw CancellationError()
        }
        return waiting.bookingID
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func theReturnLinkOfTheWaitingPaymentAsksTheServerAndConfirms(route: SandboxFixture.Route) async throws {
        let sandbox = try SandboxFixture(route: route)
        let fixture = ClientFixture(sandbox: sandbox, client: try Self.client(sandbox))
        let booking = try await Self.waitingForTheBank(fixture)
        // The user passes the bank's page, which sends them back by the link.
        try await fixture.client.api.completeChallenge(booking, pass: true)
        let opened = try await fixture.client.open("https://\(Self.host)/bookings/\(booking.rawValue)/3ds-return")
        guard case .payment = opened else {
            Issue.record("a return link opened \(opened)")
            return
        }
        let outcome = try await fixture.client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(outcome.stage.kind == .confirmed)
        #expect(try await fixture.client.api.sandboxLedger().chargeCount == 1)
        await sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aReturnLinkOfAnotherBookingChangesAndSendsNothing(route: SandboxFixture.Route) async throws {
        let sandbox = try SandboxFixture(route: route)
        let fixture = ClientFixture(sandbox: sandbox, client: try Self.client(sandbox))
        _ = try await Self.waitingForTheBank(fixture)
        let before = sandbox.transport.requests.count
        let stage = await fixture.client.state.stage
        await #expect(throws: BookingClientError.noPaymentWaiting(BookingID("bkg_other"))) {
            try await fixture.client.open("https://\(Self.host)/bookings/bkg_other/3ds-return")
        }
        #expect(sandbox.transport.requests.count == before)
        #expect(await fixture.client.state.stage == stage)
        await sandbox.stop()
    }

    @Test(arguments: [
        ("https://evil.example.com/trips/b1", "it is not a link to links.example.com"),
        ("https://links.example.com:8443/trips/b1", "it names a port"),
        ("https://links.example.com/trips/b1?next=/pay", "it has a query string"),
        ("https://links.example.com/trips/%2e%2e", "it has percent-encoding"),
        ("http://links.example.com/trips/b1", "only https:// links are opened"),
        ("https://links.example.com/bookings/b1/pay", "its path is not /trips/<id> or /bookings/<id>/3ds-return"),
    ])
    func aHostileLinkIsRefusedWithItsReasonBeforeAnythingIsRead(link: String, reason: String) async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let client = try Self.client(sandbox)
        await #expect(throws: BookingClientError.linkRejected(reason: reason)) { try await client.open(link) }
        #expect(sandbox.transport.requests.isEmpty)
        await sandbox.stop()
    }

    @Test func withoutALinkHostEveryLinkIsRefused() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let client = try Self.client(sandbox, linkHost: nil)
        await #expect(throws: BookingClientError.linkRejected(reason: "no link host is configured")) {
            try await client.open("https://\(Self.host)/trips/b1")
        }
        await sandbox.stop()
    }

    @Test func theHostOfAnHTTPSReturnURLIsTheLinkHost() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.challengeReturnURL = "https://\(Self.host)/bookings/{bookingId}/3ds-return"
        let client = try BookingClient(configuration, dependencies: Dependencies(sleeper: NoSleeper()))
        await #expect(throws: BookingClientError.unknownTrip(BookingID("b1"))) {
            try await client.open("https://\(Self.host)/trips/b1")
        }
        await sandbox.stop()
    }

    @Test func aTripLinkOpensTheSavedTripWithTheServerGone() async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        let fixture = ClientFixture(sandbox: sandbox, client: try Self.client(sandbox))
        let paid = try await fixture.holdFirstOfferAndPay(with: "tok_visa")
        guard case .confirmed(let settled) = paid.stage else {
            Issue.record("not confirmed: \(paid.stage.name)")
            return
        }
        await sandbox.stop()
        // The same server, gone: nothing listens at its address any more
        // (another address would be another server's data space).
        var offline = ClientFixture.configuration(sandbox: sandbox)
        offline.transport = nil
        offline.linkHost = Self.host
        let client = try BookingClient(offline)
        let opened = try await client.open("https://\(Self.host)/trips/\(settled.booking.id.rawValue)")
        guard case .trip(let trip) = opened else {
            Issue.record("a trip link opened \(opened)")
            return
        }
        #expect(trip.id == settled.booking.id)
        // Not on this device, and the server cannot be asked: said so, never "unknown".
        await #expect {
            try await client.open("https://\(Self.host)/trips/bkg_elsewhere")
        } throws: { error in
            guard case .serverUnreachable = error as? BookingClientError else { return false }
            return true
        }
    }

    /// A trip booked on another device of the account opens from a link:
    /// read from the server and saved here (it was `unknownTrip` before).
    @Test func aTripBookedOnAnotherDeviceOpensFromTheServer() async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        let phone = ClientFixture(sandbox: sandbox, client: try Self.client(sandbox))
        let id = try #require(try await phone.holdFirstOfferAndPay(with: "tok_visa").tripToLoad)
        let laptopFiles = TemporaryDirectory("laptop")
        let laptop = try Self.client(sandbox, directory: laptopFiles)
        #expect(try await laptop.savedTrips().isEmpty)

        let opened = try await laptop.open("https://\(Self.host)/trips/\(id.rawValue)")
        guard case .trip(let trip) = opened else {
            Issue.record("a trip link opened \(opened)")
            return
        }
        #expect(trip.id == id)
        #expect(trip.status == .confirmed)
        // Saved: it shows offline from now on.
        #expect(try await laptop.savedTrips().map(\.id) == [id])
        await #expect(throws: BookingClientError.unknownTrip(BookingID("bkg_nowhere"))) {
            try await laptop.open("https://\(Self.host)/trips/bkg_nowhere")
        }
        withExtendedLifetime(laptopFiles) {}
        await sandbox.stop()
    }

    /// A trip link shows the device's copy at once and reads the booking
    /// again behind it: a cancellation made on another device reaches
    /// `tripUpdates()` (an hour's interval: only the refresh can bring it).
    @Test func aTripLinkRefreshesTheDevicesCopyBehindIt() async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        let phone = ClientFixture(sandbox: sandbox, client: try Self.client(sandbox))
        let id = try #require(try await phone.holdFirstOfferAndPay(with: "tok_visa").tripToLoad)
        var updates = phone.client.tripUpdates(every: .seconds(3_600)).makeAsyncIterator()
        #expect(await updates.next()?.first?.status == .confirmed)

        let laptopFiles = TemporaryDirectory("laptop")
        let laptop = try Self.client(sandbox, directory: laptopFiles)
        _ = try await laptop.syncTrips()
        #expect(try await laptop.cancel(id).status == .cancelled)

        let opened = try await phone.client.open("https://\(Self.host)/trips/\(id.rawValue)")
        guard case .trip(let shown) = opened else {
            Issue.record("a trip link opened \(opened)")
            return
        }
        #expect(shown.status == .confirmed, "the device's copy, at once")
        #expect(await updates.next()?.first?.status == .cancelled)
        withExtendedLifetime(laptopFiles) {}
        await sandbox.stop()
    }
}
