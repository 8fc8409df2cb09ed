import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// The lead guest is saved with the attempt before the payment leaves,
/// sent from that row with every send of the key (never another guest),
/// and echoed by the server on the booking the device settles at launch.
/// Pay without valid details saves and sends nothing. In-process and over
/// real HTTP on loopback.
@Suite(.hangLimit) struct GuestPaymentTests {
    /// As typed in the form: spaces around the name.
    static let typed = GuestDetails(name: " Ana Silva ", email: "ana@example.com", arrivalTime: "18:30")
    /// As saved and sent.
    static let saved = GuestDetails(name: "Ana Silva", email: "ana@example.com", arrivalTime: "18:30")

    /// The `guest` object of a `POST /v1/bookings` body.
    static func sentGuest(_ request: TransportRequest) throws -> [String: String] {
        let data = try #require(request.body)
        let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(body["guest"] as? [String: String], "no guest in \(body)")
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func theGuestIsSavedWithTheAttemptBeforeThePaymentLeaves(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        harness.death.killAtBoundary = "before pay"
        let attempt = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(Self.typed))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        await harness.death.died()
        // Dead between the save and the send: the row has the guest, the server nothing.
        let row = try #require(try await harness.repository.attempt(attempt))
        #expect(row.phase == .paymentSubmitted)
        #expect(row.guest == Self.saved)
        #expect(harness.sandbox.transport.requests("POST", "/v1/bookings").isEmpty)
        // The next launch settles it by its key, and nothing is charged.
        try harness.restart()
        _ = await harness.repository.reconcile()
        #expect(try await harness.ledger().chargeCount == 0)
        #expect(try await harness.repository.attempt(attempt)?.guest == Self.saved)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func everySendOfTheKeyCarriesTheSavedGuestEvenAfterTheFormChanged(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        // A 500 before the commit, stored for the key: the same payment is sent again.
        harness.sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "error-500-before-commit"))
        _ = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(Self.typed))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        await harness.flow.send(.guestEntered(GuestDetails(name: "Bruno Costa", email: "bruno@example.com")))
        _ = await harness.waitFor { $0.stage.isFinal }
        let posts = harness.sandbox.transport.requests("POST", "/v1/bookings")
        #expect(posts.count == 2)
        for post in posts {
            #expect(
                try Self.sentGuest(post) == ["name": "Ana Silva", "email": "ana@example.com", "arrivalTime": "18:30"])
        }
        #expect(Set(posts.map(\.body)).count == 1)
        #expect(try await harness.ledger().chargeCount == 0)
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aLostAnswerIsSettledAtLaunchWithTheGuestItWasSentWith(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        // Booked on the server, its answer lost; the process dies right after.
        harness.sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "drop-response-after-commit"))
        harness.death.killAtBoundary = "after pay"
        let attempt = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(Self.typed))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        await harness.death.died()
        try harness.restart()
        _ = await harness.repository.reconcile()
        #expect(try await harness.ledger().chargeCount == 1)
        let row = try #require(try await harness.repository.attempt(attempt))
        #expect(row.phase == .confirmed)
        let booking = try #require(try await harness.api.bookings().first)
        #expect(booking.guest == Self.saved)
        #expect(row.guest == booking.guest)
        #expect(try await harness.repository.hasTrip(booking.bookingId))
        await harness.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func payWithoutValidDetailsIsRefusedWithTheReasonAndSavesAndSendsNothing(route: SandboxFixture.Route)
        async throws
    {
        let sandbox = try SandboxFixture(route: route)
        let fixture = ClientFixture(sandbox: sandbox, client: try ClientFixture.client(sandbox: sandbox))
        await fixture.client.launch()
        try await fixture.client.hold(try await fixture.firstOffer())
        let held = try await fixture.client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        let pay = { (state: BookingFlow.State) in state.actions.first { $0.action == .pay } }
        #expect(pay(held)?.isEnabled == false)
        #expect(pay(held)?.disabledReason == "Enter the lead guest's name and email")
        let bad = [
            GuestDetails(name: "", email: "ana@example.com"),
            GuestDetails(name: String(repeating: "a", count: 500), email: "ana@example.com"),
            GuestDetails(name: "Ana\u{0000}Silva", email: "ana@example.com"),
            GuestDetails(name: "Ana \u{202E}avliS", email: "ana@example.com"),
            GuestDetails(name: "Ana Silva", email: "ana@"),
        ]
        for guest in bad {
            let problem = try #require(await fixture.client.setGuest(guest))
            #expect(problem.field == (guest.name == "Ana Silva" ? "email" : "name"))
            do {
                _ = try await fixture.client.pay(with: PaymentToken("tok_visa"), guest: guest)
                Issue.record("paid with \(guest)")
            } catch let error {
                guard case .actionUnavailable(.pay, _, let reason) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(reason == problem.message)
            }
        }
        let attempt = try #require(await fixture.client.state.stage.attemptID)
        #expect(try await fixture.client.runtime.repository.attempt(attempt)?.phase == .held)
        #expect(fixture.sandbox.transport.requests("POST", "/v1/bookings").isEmpty)
        // Valid details enable Pay, and the booking carries them.
        #expect(await fixture.client.setGuest(Self.typed) == nil)
        #expect(pay(await fixture.client.state)?.isEnabled == true)
        let result = try await fixture.client.pay(with: PaymentToken("tok_visa"))
        guard case .confirmed = result else {
            Issue.record("not confirmed: \(result)")
            return
        }
        #expect(try await fixture.sandbox.client().bookings().first?.guest == Self.saved)
        fixture.client.close()
        await fixture.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func theLastGuestIsOfferedAtTheNextLaunchAndForgottenOnSignOut(route: SandboxFixture.Route) async throws {
        let sandbox = try SandboxFixture(route: route)
        let first = try ClientFixture.client(sandbox: sandbox)
        await first.launch()
        #expect(await first.setGuest(GuestDetails(name: "Ana Silva", email: "ana@")) != nil)
        #expect(await first.setGuest(Self.typed) == nil)
        first.close()
        // The next run's form starts with the details last given.
        let second = try ClientFixture.client(sandbox: sandbox)
        await second.launch()
        #expect(await second.state.guest == Self.saved)
        try await second.signOut()
        #expect(await second.state.guest == nil)
        second.close()
        let third = try ClientFixture.client(sandbox: sandbox)
        await third.launch()
        #expect(await third.state.guest == nil)
        #expect(await third.state.actions.isEmpty)  // nothing on screen: no Pay to enable
        third.close()
        await sandbox.stop()
    }
}
