import BookingAPI
import BookingCore
import BookingKit
import BookingSandbox
import BookingTestSupport
import Foundation
import Testing

/// A status code alone never proves that a request did not run. A gateway
/// in front of the server (nginx's `error_page`, Envoy's upstream reset, a
/// load balancer) answers 429, 502, 503 or 504 after the server ran the
/// request; the sandbox's `gateway-<status>-after-commit` fault does just
/// that (the real answer stored under the key, the gateway's given). The
/// device looks the key up before it concludes or sends again, and says only
/// what the server said. In-process and over real HTTP on loopback.
@Suite(.hangLimit) struct GatewayAnswerTests {
    static let gatewayFaults = SandboxFault.gatewayStatuses.map { "gateway-\($0)-after-commit" }

    /// How many lookups by key (`GET /v1/bookings?attempt=`) were sent.
    static func lookups(_ harness: Harness) -> Int {
        harness.sandbox.transport.requests("GET", "/v1/bookings").filter { $0.url.query?.hasPrefix("attempt=") == true }
            .count
    }

    @Test(arguments: SandboxFixture.Route.allCases, gatewayFaults)
    func aGatewayAnswerAfterThePaymentRanEndsConfirmedWithOneCharge(
        route: SandboxFixture.Route, fault: String
    ) async throws {
        let harness = try Harness(route: route, faults: [.init("POST", "/v1/bookings", fault: fault)])
        let attempt = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        let final = await harness.waitForFinal()
        #expect(final.stage.kind == .confirmed, "\(fault): \(final.stage.name) \(final.message ?? "")")
        #expect(try await harness.repository.attempt(attempt)?.phase == .confirmed)
        #expect(Self.lookups(harness) > 0, "the key was looked up before anything was concluded")
        #expect(try await harness.ledger().chargeCount == 1)
        try await harness.expectNoDoubleCharge()
        await harness.sandbox.stop()
    }

    /// End to end through stock nginx in front of the sandbox: the server
    /// runs the payment and fails after it (`error-500-after-commit`, its
    /// booking made), nginx replaces the 500 with its own 503 and
    /// `Retry-After` in the contract's shape. The device looks the key up,
    /// finds the booking, and shows it confirmed: one charge.
    @Test(ExternalTool.needed(NginxGateway.tool))
    func throughNginxA503AfterThePaymentRanIsLookedUpAndConfirmed() async throws {
        let harness = try Harness(
            route: .loopback, faults: [.init("POST", "/v1/bookings", fault: "error-500-after-commit")],
            behindGateway: true)
        let attempt = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        let final = await harness.waitForFinal()
        #expect(final.stage.kind == .confirmed, "\(final.stage.name) \(final.message ?? "")")
        #expect(final.message?.contains("Nothing was sent") == false)
        #expect(try await harness.repository.attempt(attempt)?.phase == .confirmed)
        #expect(Self.lookups(harness) > 0)
        #expect(try await harness.ledger().chargeCount == 1)
        await harness.sandbox.stop()
    }

    /// The server's own 503 (nothing ran) reads exactly like a gateway's:
    /// so it too is looked up, and the payment is sent again under the same
    /// key only after the lookup found nothing. Never "nothing was sent".
    @Test(arguments: SandboxFixture.Route.allCases)
    func theServersOwn503IsLookedUpThenSentAgainUnderTheSameKey(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route, faults: [.init("POST", "/v1/bookings", fault: "unavailable")])
        _ = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_visa"), now: .origin))
        let final = await harness.waitForFinal()
        #expect(final.stage.kind == .confirmed, "\(final.stage.name) \(final.message ?? "")")
        let posts = harness.sandbox.transport.requests("POST", "/v1/bookings")
        #expect(posts.map(\.url.path) == ["/v1/bookings", "/v1/bookings"])
        #expect(Set(posts.map { $0.headers["Idempotency-Key"] }).count == 1, "the resend reuses the key")
        #expect(Self.lookups(harness) > 0)
        #expect(try await harness.ledger().chargeCount == 1)
        await harness.sandbox.stop()
    }

    /// A hold tapped whose every answer a gateway replaced with its 503
    /// (the server made the hold): the harness, the attempt, its key and
    /// the failed state the flow settled in.
    private static func holdBehindAGateway(_ route: SandboxFixture.Route) async throws
        -> (Harness, AttemptID, IdempotencyKey, BookingFlow.State)
    {
        let harness = try Harness(
            route: route, faults: [.init("POST", "/v1/holds", fault: "gateway-503-after-commit", times: 4)])
        let (_, attempt, key) = try await harness.tapHold()
        let unclear = await harness.waitFor { $0.stage.kind == .failed }
        return (harness, attempt, key, unclear)
    }

    /// A hold request whose every answer a gateway replaced: the server
    /// made the hold, the device was never told. It is not reported "could
    /// not be held", and Try again asks under the same key, so the server
    /// replays the same hold: one room, never a second one.
    @Test(arguments: SandboxFixture.Route.allCases)
    func aHoldBehindAGatewayIsAskedAgainUnderItsKey(route: SandboxFixture.Route) async throws {
        let (harness, attempt, key, unclear) = try await Self.holdBehindAGateway(route)
        #expect(unclear.title == "No answer about the room", "\(unclear.stage.name) \(unclear.message ?? "")")
        #expect(unclear.message?.contains("could not be held") == false)
        #expect(try await harness.repository.attempt(attempt)?.phase == .holdRequested)
        let kept = try await harness.sandbox.liveHolds()
        #expect(kept.count == 1, "the server made the hold behind the gateway")

        let (newAttempt, newKey) = Harness.newAttempt()
        await harness.flow.send(.retryTapped(attempt: newAttempt, key: newKey))
        let held = await harness.waitFor { $0.stage.kind == .held }
        #expect(held.stage.kind == .held)
        #expect(try await harness.repository.attempt(attempt)?.holdID?.rawValue == kept.first)
        #expect(try await harness.sandbox.liveHolds() == kept, "the same room, not a second one")
        let keys = harness.sandbox.transport.requests("POST", "/v1/holds").map { $0.headers["Idempotency-Key"] }
        #expect(Set(keys) == [key.rawValue])
        await harness.sandbox.stop()
    }

    /// Back, then a new hold: the attempt the new hold abandons had no
    /// clear answer, so it is asked again under its key first and the room
    /// the server kept for it given up; one room is held, the new one.
    @Test(arguments: SandboxFixture.Route.allCases)
    func aNewHoldGivesUpTheRoomAnUnansweredHoldKept(route: SandboxFixture.Route) async throws {
        let (harness, attempt, _, _) = try await Self.holdBehindAGateway(route)
        let orphan = try await harness.sandbox.liveHolds()
        #expect(orphan.count == 1)
        await harness.flow.send(.backTapped)
        let next = try await harness.holdAnOffer()
        let newHold = try #require(try await harness.repository.attempt(next)?.holdID)
        #expect(try await harness.sandbox.liveHolds() == [newHold.rawValue], "the unanswered one's room was let go")
        #expect(try await harness.repository.attempt(attempt)?.phase == .abandoned)
        await harness.sandbox.stop()
    }

    /// Reconciliation asks an unanswered hold request again under its key
    /// and lets go of the room the server kept for a flow that ended.
    @Test(arguments: SandboxFixture.Route.allCases)
    func reconciliationReleasesAHoldWhoseAnswerNeverCame(route: SandboxFixture.Route) async throws {
        let harness = try Harness(
            route: route, configuration: RepositoryConfiguration(inFlightGrace: 0),
            faults: [.init("POST", "/v1/holds", fault: "gateway-503-after-commit", times: 4)])
        let (_, attempt, _) = try await harness.tapHold()
        _ = await harness.waitFor { $0.stage.kind == .failed }
        #expect(try await harness.sandbox.liveHolds().count == 1)

        let report = await harness.repository.reconcile()
        #expect(report.holdsReleased == 1, "\(report)")
        #expect(try await harness.sandbox.liveHolds().isEmpty, "no room kept for nobody")
        #expect(try await harness.repository.attempt(attempt)?.phase == .abandoned)
        await harness.sandbox.stop()
    }

    /// A refusal by a code that is not a decline is named as a refusal,
    /// never "declined", and the room stays held.
    @Test(arguments: SandboxFixture.Route.allCases)
    func aRefusalThatIsNotADeclineIsNotCalledDeclined(route: SandboxFixture.Route) async throws {
        let harness = try Harness(route: route)
        _ = try await harness.holdAnOffer()
        await harness.flow.send(.guestEntered(BookingFlow.Samples.guest))
        await harness.flow.send(.payTapped(PaymentToken("tok_unknownToTheServer"), now: .origin))
        let final = await harness.waitForFinal()
        #expect(final.title == "Payment refused", "\(final.stage.name) \(final.message ?? "")")
        #expect(final.message?.contains("declined") == false)
        #expect(final.message?.contains("The room is still held for you.") == true)
        #expect(try await harness.ledger().chargeCount == 0)
        await harness.sandbox.stop()
    }
}
