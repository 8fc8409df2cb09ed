import BookingAPI
import BookingKit
import BookingSQLite
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 39 item 2: signing out removes the account's data from the device
/// (trips, recent searches, cached pages, settled attempts) and keeps only
/// what money still rides on until it settles; a link opened signed out
/// shows nothing until sign-in, then opens. A real sandbox and real files,
/// in-process and over real HTTP on loopback.
@Suite(.hangLimit) struct SignOutTests {
    static let host = "example.com"
    static let credential = BookingClient.Credential.apiKey("sk_test_test")

    /// A client on `route` with links on `host`.
    static func fixture(_ route: SandboxFixture.Route) throws -> ClientFixture {
        let sandbox = try SandboxFixture(route: route)
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.linkHost = host
        let client = try BookingClient(configuration, seams: .init(dependencies: Dependencies(sleeper: NoSleeper())))
        return ClientFixture(sandbox: sandbox, client: client)
    }

    /// The rows of `table` in the client's `file` (`booking.sqlite`, `cache.sqlite`).
    static func rows(_ fixture: ClientFixture, _ file: String, _ table: String) throws -> Int64 {
        let database = try Database(path: (fixture.client.directory as NSString).appendingPathComponent(file))
        guard case .integer(let count) = try database.scalar("SELECT count(*) FROM \(table)") else { return -1 }
        return count
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func signingOutLeavesNothingOfTheAccountAndALinkWaitsForSignIn(route: SandboxFixture.Route) async throws {
        let fixture = try Self.fixture(route)
        let client = fixture.client
        try await client.recordSearch("Lisbon", placeID: "plc_lisbon")
        #expect(try await fixture.holdFirstOfferAndPay(with: "tok_visa").stage.kind == .confirmed)
        let trip = try #require(try await client.savedTrips().first)
        #expect(try Self.rows(fixture, "cache.sqlite", "result_page") > 0)

        #expect(try await client.signOut() == 0)
        #expect(!client.isSignedIn)
        #expect(try await client.savedTrips().isEmpty)
        for (file, table) in [
            ("booking.sqlite", "trip"), ("booking.sqlite", "booking_attempt"), ("cache.sqlite", "recent_search"),
            ("cache.sqlite", "result_page"), ("cache.sqlite", "suggestion"), ("cache.sqlite", "offer_mark"),
        ] {
            #expect(try Self.rows(fixture, file, table) == 0, "\(file) \(table)")
        }

        let link = "https://\(Self.host)/trips/\(trip.id.rawValue)"
        let sent = fixture.sandbox.transport.requests.count
        await #expect(throws: BookingClientError.signedOut) { try await client.open(link) }
        #expect(fixture.sandbox.transport.requests.count == sent, "nothing is read for a link while signed out")

        await client.signedIn(Self.credential)
        #expect(client.isSignedIn)
        guard case .trip(let opened) = try await client.open(link) else {
            Issue.record("the link did not open the trip")
            return
        }
        #expect(opened.id == trip.id)
        #expect(opened.status == .confirmed)
        await fixture.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aPaymentInFlightAtSignOutIsKeptAndSettlesAtTheNextSignIn(route: SandboxFixture.Route) async throws {
        let fixture = try Self.fixture(route)
        let client = fixture.client
        await client.launch()
        guard case .held = try await client.hold(try await fixture.firstOffer()) else {
            Issue.record("the room was not held")
            return
        }
        // The payment runs, its answer is lost, and no lookup gets through.
        fixture.sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "drop-response-after-commit"))
        fixture.sandbox.transport.inject(.init("GET", "/v1/bookings", fault: "unavailable", times: 1000))
        let paying = Task { try await client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest) }
        _ = try await client.wait(timeout: .seconds(30)) { $0.stage.kind == .unknown }

        let kept = try await client.signOut()
        #expect(kept == 1, "the payment's attempt stays: its key is how its outcome is learned")
        #expect(try Self.rows(fixture, "booking.sqlite", "booking_attempt") == 1)
        #expect(try await client.savedTrips().isEmpty)

        fixture.sandbox.transport.clearFaults()
        await client.signedIn(Self.credential)
        _ = await client.reconcile()
        #expect(try await Self.settledTrips(client).count == 1)
        paying.cancel()
        #expect(fixture.sandbox.transport.requests("POST", "/v1/bookings").count == 1, "never paid twice")
        #expect(try await fixture.sandbox.client().sandboxLedger().chargeCount == 1)
        await fixture.sandbox.stop()
    }

    /// The trips once the payment settled (`reconcile()` may end before the flow's own lookup).
    static func settledTrips(_ client: BookingClient) async throws -> [Trip] {
        for _ in 0..<200 {
            let trips = try await client.savedTrips()
            if !trips.isEmpty { return trips }
            await Task.yield()
        }
        return []
    }

    @Test @MainActor
    func theModelOpensALinkKeptWhileSignedOutOnceSignedIn() async throws {
        let fixture = try Self.fixture(.inProcess)
        #expect(try await fixture.holdFirstOfferAndPay(with: "tok_visa").stage.kind == .confirmed)
        let trip = try #require(try await fixture.client.savedTrips().first)
        try await fixture.client.signOut()
        let model = BookingModel(client: fixture.client)
        let url = try #require(URL(string: "https://\(Self.host)/trips/\(trip.id.rawValue)"))
        #expect(await model.open(url) == nil)
        #expect(model.lastError == .signedOut)
        guard case .trip(let opened)? = await model.signedIn(Self.credential) else {
            Issue.record("the kept link did not open")
            return
        }
        #expect(opened.id == trip.id)
        await fixture.sandbox.stop()
    }
}
